/**
 * The services container: built once per app from the database, configuration and clock. Every
 * transport (tRPC, REST, scripts) reaches the business rules through this object only.
 */
import type { Logger } from 'pino';
import { createSessionStore } from './identity/auth/session';
import { createSignInThrottle } from './identity/auth/sign-in-throttle';
import type { Db } from './db/client';
import type { Env } from './env';
import { createAccountSecurity } from './identity/account-security';
import { createAccountsService } from './identity/accounts/service';
import { createActivityLog } from './privacy/activity-log';
import { createBackupService } from './system/backups';
import { createContactService } from './public-site/contact';
import { createDataErasure } from './privacy/erasure/service';
import { createDeletionRequests } from './privacy/deletion-requests/service';
import { createDiagnosticsService } from './system/diagnostics';
import { createDriveService } from './drive/service';
import { systemClock, type Clock, type ServiceDeps } from './lib/deps';
import { createHealthService } from './system/health';
import { createMemberPortal } from './membership/portal/service';
import { createMembershipAccess } from './membership/membership';
import { createMessagingService } from './messaging/messaging';
import { createOutboxService } from './messaging/outbox';
import { createPaymentServices } from './payments/container';
import { createOutboxWorker } from './messaging/outbox-worker/service';
import { createSettingsService } from './settings/settings';
import { createAdminReports } from './reports/service';
import { createSubscriberAdmin } from './membership/subscribers/admin/service';
import { createSubscriberCsv } from './membership/csv/service';
import { createSubscriberMessages } from './messaging/subscriber-messages';
import { createListMessages } from './messaging/list-messages';
import { createPayoutPixKey } from './referrals/payout-pix-key';
import { createBatchPayout } from './referrals/batch-payout';
import { createTemplatesService } from './messaging/templates';
import { createProfileUpdateService } from './membership/profile-update/service';
import { createRenewalReminders } from './membership/renewal-reminders/service';
import { createWhatsAppAdmin } from './messaging/whatsapp-admin';
import { createStepUp } from './identity/step-up';
import { createTwoFactor } from './identity/two-factor/service';
// Proven contacts (ADR 027).
import { createCredentials } from './identity/credentials';
import { createEmailChanges } from './identity/email-changes/service';
import { createMemberContacts } from './identity/member-contacts';
import { createPhoneProof } from './identity/phone-proof';

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
