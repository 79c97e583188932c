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

export function createServices(options: CreateServicesOptions) {
  const deps: ServiceDeps = { ...options, clock: options.clock ?? systemClock };
  const sessions = createSessionStore(deps.db, () => deps.clock.now());
  const settings = createSettingsService(deps);
  const templates = createTemplatesService(deps);
  const outbox = createOutboxService({ ...deps, templates, settings });
  // The owner's account (issue 21 §2): second factor, per-account throttle, credential-change notices.
  const accountSecurity = createAccountSecurity({ ...deps, outbox });
  const twoFactor = createTwoFactor({ ...deps, accountSecurity, issuer: () => settings.get().clubName });
  const signInThrottle = createSignInThrottle(deps.clock);
  const stepUp = createStepUp({ ...deps, twoFactor, throttle: signInThrottle });
  const accounts = createAccountsService({
    ...deps,
    sessions,
    outbox,
    twoFactor,
    throttle: signInThrottle,
    accountSecurity,
  });
  const messaging = createMessagingService(deps);
  const outboxWorker = createOutboxWorker({ ...deps, outbox, messaging });

  const health = createHealthService(deps);
  const contact = createContactService({ ...deps, settings, outbox });

  const paymentServices = createPaymentServices({ ...deps, settings, outbox, accounts });
  const { lifecycle, subscribers } = paymentServices;
  const diagnostics = createDiagnosticsService({ ...deps, payments: paymentServices.payments, messaging });
  // LGPD (ADR 029): the activity log and the members' deletion requests.
  const activityLog = createActivityLog(deps);
  const deletionRequests = createDeletionRequests({
    ...deps,
    outbox,
    lifecycle,
    activityLog,
    erasure: createDataErasure({ ...deps, lifecycle, outbox }),
  });
  // Proven contacts (ADR 027): where credentials may go, sign-in address changes, WhatsApp proofs.
  const credentials = createCredentials({ ...deps, accounts, outbox });
  const emailChanges = createEmailChanges({ ...deps, outbox, lifecycle });
  const phoneProof = createPhoneProof({ ...deps, outbox });
  const subscriberAdmin = createSubscriberAdmin({
    ...deps,
    lifecycle,
    accounts,
    activityLog,
    credentials,
    emailChanges,
  });
  const subscriberCsv = createSubscriberCsv({ ...deps, subscriberAdmin, activityLog });
  const subscriberMessages = createSubscriberMessages({
    ...deps,
    subscribers,
    paymentLinks: paymentServices.paymentLinks,
    accounts,
    credentials,
    outbox,
    lifecycle,
  });
  const membership = createMembershipAccess({ ...deps, subscribers });
  const renewalReminders = createRenewalReminders({ ...deps, ...paymentServices, outbox });
  const whatsappAdmin = createWhatsAppAdmin({
    ...deps,
    ...paymentServices,
    settings,
    templates,
    outbox,
    reminders: renewalReminders,
  });

  return {
    ...deps,
    sessions,
    settings,
    templates,
    outbox,
    accounts,
    accountSecurity,
    twoFactor,
    stepUp,
    health,
    messaging,
    outboxWorker,
    contact,
    diagnostics,
    subscriberAdmin,
    subscriberCsv,
    subscriberMessages,
    adminReports: createAdminReports(deps),
    backups: createBackupService(deps),
    profileUpdate: createProfileUpdateService({ ...deps, outbox, lifecycle, credentials, emailChanges }),
    membership,
    drive: createDriveService({ ...deps, membership }),
    renewalReminders,
    whatsappAdmin,
    ...paymentServices,
    activityLog,
    deletionRequests,
    memberPortal: createMemberPortal({
      ...deps,
      ...paymentServices,
      accountSecurity,
      settings,
      deletionRequests,
      activityLog,
    }),
    credentials,
    emailChanges,
    phoneProof,
    memberContacts: createMemberContacts({ ...deps, credentials, emailChanges, phoneProof, subscribers }),
  };
}

export type Services = ReturnType<typeof createServices>;
