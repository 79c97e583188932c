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
import { createActivityLog } from './privacy/activity-log';
import { createBackupService } from './system/backups';
import { createContactService } from './public-site/contact';
import { createDiagnosticsService } from './system/diagnostics';
import { systemClock, type Clock, type ServiceDeps } from './lib/deps';
import { createHealthService } from './system/health';
import { createMembershipAccess } from './membership/membership';
import { createMessagingService } from './messaging/messaging';
import { createOutboxService } from './messaging/outbox';
import { createPaymentServices } from './payments/container';
import { createSettingsService } from './settings/settings';
import { createSubscriberMessages } from './messaging/subscriber-messages';
import { createListMessages } from './messaging/list-messages';
import { createPayoutPixKey } from './referrals/payout-pix-key';
import { createBatchPayout } from './referrals/batch-payout';
import { createTemplatesService } from './messaging/templates';
import { createWhatsAppAdmin } from './messaging/whatsapp-admin';
import { createStepUp } from './identity/step-up';
// Proven contacts (ADR 027).
import { createCredentials } from './identity/credentials';
import { createMemberContacts } from './identity/member-contacts';
import { createPhoneProof } from './identity/phone-proof';
import { createOutboxWorkerContext } from './messaging/outbox-worker/loop';
import { createTwoFactorContext } from './identity/two-factor/context';
import type { AccountsDeps } from './identity/accounts/deps';
import type { DataErasureDeps } from './privacy/erasure/subject';
import type { RequestsContext } from './privacy/deletion-requests/deps';
import type { EmailChangesDeps } from './identity/email-changes/targets';
import { createSubscriberAdminContext } from './membership/subscribers/admin/deps';
import type { SubscriberCsvDeps } from './membership/csv/deps';
import { createRemindersContext } from './membership/renewal-reminders/context';
import { createWizardContext } from './membership/profile-update/context';
import { createDriveContext } from './drive/context';
import { createInvoicesContext } from './invoices/context';

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
  const outboxWorker = createOutboxWorkerContext({ ...deps, outbox, messaging });
  return { settings, templates, outbox, messaging, outboxWorker };
}

type WithMessaging = ServiceDeps & ReturnType<typeof messagingServices>;

/** Accounts and the owner's account (ADR 028): second factor, per-account throttle, credential-change notices. */
function accountServices(deps: WithMessaging) {
  const { settings, outbox } = deps;
  const sessions = createSessionStore(deps.db, () => deps.clock.now());
  const accountSecurity = createAccountSecurity({ ...deps, outbox });
  const twoFactor = createTwoFactorContext({
    ...deps,
    accountSecurity,
    activityLog: createActivityLog(deps),
    issuer: () => settings.get().clubName,
  });
  const throttle = createSignInThrottle(deps.clock);
  const stepUp = createStepUp({ ...deps, twoFactor, throttle });
  const accounts = { ...deps, sessions, outbox, twoFactor, throttle, accountSecurity } satisfies AccountsDeps;
  return { sessions, accounts, accountSecurity, twoFactor, stepUp, throttle };
}

type WithPayments = WithMessaging &
  ReturnType<typeof accountServices> &
  ReturnType<typeof createPaymentServices>;

/** LGPD (ADR 029) and proven contacts (ADR 027): the activity log, deletion requests, where credentials may go, sign-in address changes, WhatsApp proofs. */
function memberDataServices(deps: WithPayments) {
  const { outbox, lifecycle, accounts } = deps;
  const activityLog = createActivityLog(deps);
  const erasure = { ...deps, lifecycle, outbox } satisfies DataErasureDeps;
  const deletionRequests = { ...deps, outbox, lifecycle, activityLog, erasure } satisfies RequestsContext;
  const credentials = createCredentials({ ...deps, accounts, outbox });
  const emailChanges = { ...deps, outbox, lifecycle } satisfies EmailChangesDeps;
  const phoneProof = createPhoneProof({ ...deps, outbox });
  return { activityLog, deletionRequests, credentials, emailChanges, phoneProof };
}

type WithMemberData = WithPayments & ReturnType<typeof memberDataServices>;

/** The back office: subscribers, their CSV and messages, reminders, WhatsApp, reports, backups. */
function backOfficeServices(deps: WithMemberData) {
  const subscriberAdmin = createSubscriberAdminContext(deps);
  const subscriberCsv = { ...deps, subscriberAdmin } satisfies SubscriberCsvDeps;
  const subscriberMessages = createSubscriberMessages(deps);
  const renewalReminders = createRemindersContext(deps);
  const whatsappAdmin = createWhatsAppAdmin({ ...deps, reminders: renewalReminders });
  return {
    subscriberAdmin,
    subscriberCsv,
    subscriberMessages,
    listMessages: createListMessages(deps),
    batchPayout: createBatchPayout(deps),
    adminReports: deps,
    backups: createBackupService(deps),
    renewalReminders,
    whatsappAdmin,
  };
}

/** What a member reaches: membership, the drive, the profile-update wizard, the portal, their contacts. */
function memberServices(deps: WithMemberData) {
  const membership = createMembershipAccess(deps);
  return {
    profileUpdate: createWizardContext(deps),
    membership,
    drive: createDriveContext({ ...deps, membership }),
    memberPortal: deps,
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
    // Service invoices (NFS-e): null provider when off.
    invoices: createInvoicesContext({ ...deps, settings }),
    contact: createContactService({ ...deps, settings, outbox }),
    diagnostics: createDiagnosticsService({ ...deps, payments: paymentServices.payments, messaging }),
    ...backOfficeServices(withMemberData),
    ...memberServices(withMemberData),
    ...paymentServices,
    ...memberData,
  };
}

export type Services = ReturnType<typeof createServices>;
