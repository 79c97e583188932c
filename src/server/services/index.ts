/**
 * The services container: built once per app from the database, configuration and clock. Every
 * transport (tRPC, REST, scripts) reaches the business rules through this object only.
 */
import type { Logger } from 'pino';
import { createSessionStore } from '../auth/session';
import { createSignInThrottle } from '../auth/sign-in-throttle';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { createAccountSecurity } from './account-security';
import { createAccountsService } from './accounts';
import { createActivityLog } from './activity-log';
import { createBackupService } from './backups';
import { createContactService } from './contact';
import { createDataErasure } from './data-erasure';
import { createDeletionRequests } from './deletion-requests';
import { createDiagnosticsService } from './diagnostics';
import { createDriveService } from './drive';
import { systemClock, type Clock, type ServiceDeps } from './deps';
import { createHealthService } from './health';
import { createMemberPortal } from './member-portal';
import { createMembershipAccess } from './membership';
import { createMessagingService } from './messaging';
import { createOutboxService } from './outbox';
import { createPaymentServices } from './payment-services';
import { createOutboxWorker } from './outbox-worker';
import { createSettingsService } from './settings';
import { createAdminReports } from './admin-reports';
import { createSubscriberAdmin } from './subscriber-admin';
import { createSubscriberCsv } from './subscriber-csv';
import { createSubscriberMessages } from './subscriber-messages';
import { createListMessages } from './list-messages';
import { createPayoutPixKey } from './payout-pix-key';
import { createBatchPayout } from './referrals/batch-payout';
import { createTemplatesService } from './templates';
import { createProfileUpdateService } from './profile-update';
import { createRenewalReminders } from './renewal-reminders';
import { createWhatsAppAdmin } from './whatsapp-admin';
import { createStepUp } from './step-up';
import { createTwoFactor } from './two-factor';
// Proven contacts (ADR 027).
import { createCredentials } from './credentials';
import { createEmailChanges } from './email-changes';
import { createMemberContacts } from './member-contacts';
import { createPhoneProof } from './phone-proof';

export interface CreateServicesOptions {
  db: Db;
  env: Env;
  log: Logger;
  clock?: Clock;
}

/** Settings, templates, the outbox every notice goes through, and its delivery. */
function messagingServices(deps: ServiceDeps) {
  const settings = createSettingsService(deps);
  const templates = createTemplatesService(deps);
  const outbox = createOutboxService({ ...deps, templates, settings });
  const messaging = createMessagingService(deps);
  const outboxWorker = createOutboxWorker({ ...deps, outbox, messaging });
  return { settings, templates, outbox, messaging, outboxWorker };
}

type WithMessaging = ServiceDeps & ReturnType<typeof messagingServices>;

/** Accounts and the owner's account (issue 21 §2): second factor, per-account throttle, credential-change notices. */
function accountServices(deps: WithMessaging) {
  const { settings, outbox } = deps;
  const sessions = createSessionStore(deps.db, () => deps.clock.now());
  const accountSecurity = createAccountSecurity({ ...deps, outbox });
  const twoFactor = createTwoFactor({
    ...deps,
    accountSecurity,
    activityLog: createActivityLog(deps),
    issuer: () => settings.get().clubName,
  });
  const throttle = createSignInThrottle(deps.clock);
  const stepUp = createStepUp({ ...deps, twoFactor, throttle });
  const accounts = createAccountsService({ ...deps, sessions, outbox, twoFactor, throttle, accountSecurity });
  return { sessions, accounts, accountSecurity, twoFactor, stepUp, throttle };
}

type WithPayments = WithMessaging &
  ReturnType<typeof accountServices> &
  ReturnType<typeof createPaymentServices>;

/** LGPD (ADR 029) and proven contacts (ADR 027): the activity log, deletion requests, where credentials may go, sign-in address changes, WhatsApp proofs. */
function memberDataServices(deps: WithPayments) {
  const { outbox, lifecycle, accounts } = deps;
  const activityLog = createActivityLog(deps);
  const erasure = createDataErasure({ ...deps, lifecycle, outbox });
  const deletionRequests = createDeletionRequests({ ...deps, outbox, lifecycle, activityLog, erasure });
  const credentials = createCredentials({ ...deps, accounts, outbox });
  const emailChanges = createEmailChanges({ ...deps, outbox, lifecycle });
  const phoneProof = createPhoneProof({ ...deps, outbox });
  return { activityLog, deletionRequests, credentials, emailChanges, phoneProof };
}

type WithMemberData = WithPayments & ReturnType<typeof memberDataServices>;

/** The back office: subscribers, their CSV and messages, reminders, WhatsApp, reports, backups. */
function backOfficeServices(deps: WithMemberData) {
  const subscriberAdmin = createSubscriberAdmin(deps);
  const subscriberCsv = createSubscriberCsv({ ...deps, subscriberAdmin });
  const subscriberMessages = createSubscriberMessages(deps);
  const renewalReminders = createRenewalReminders(deps);
  const whatsappAdmin = createWhatsAppAdmin({ ...deps, reminders: renewalReminders });
  return {
    subscriberAdmin,
    subscriberCsv,
    subscriberMessages,
    listMessages: createListMessages(deps),
    batchPayout: createBatchPayout(deps),
    adminReports: createAdminReports(deps),
    backups: createBackupService(deps),
    renewalReminders,
    whatsappAdmin,
  };
}

/** What a member reaches: membership, the drive, the profile-update wizard, the portal, their contacts. */
function memberServices(deps: WithMemberData) {
  const membership = createMembershipAccess(deps);
  return {
    profileUpdate: createProfileUpdateService(deps),
    membership,
    drive: createDriveService({ ...deps, membership }),
    memberPortal: createMemberPortal(deps),
    memberContacts: createMemberContacts(deps),
    payoutPixKey: createPayoutPixKey(deps),
  };
}

export function createServices(options: CreateServicesOptions) {
  const deps: ServiceDeps = { ...options, clock: options.clock ?? systemClock };
  const messagingParts = messagingServices(deps);
  const accountParts = accountServices({ ...deps, ...messagingParts });
  const { settings, outbox, messaging } = messagingParts;
  const paymentServices = createPaymentServices({
    ...deps,
    settings,
    outbox,
    accounts: accountParts.accounts,
  });
  const withPayments: WithPayments = { ...deps, ...messagingParts, ...accountParts, ...paymentServices };
  const memberData = memberDataServices(withPayments);
  const withMemberData: WithMemberData = { ...withPayments, ...memberData };
  return {
    ...deps,
    ...messagingParts,
    ...accountParts,
    health: createHealthService(deps),
    contact: createContactService({ ...deps, settings, outbox }),
    diagnostics: createDiagnosticsService({ ...deps, payments: paymentServices.payments, messaging }),
    ...backOfficeServices(withMemberData),
    ...memberServices(withMemberData),
    ...paymentServices,
    ...memberData,
  };
}

export type Services = ReturnType<typeof createServices>;
