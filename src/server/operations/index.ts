/**
 * Every operation of the app, by domain. The tRPC router (`src/server/trpc/root.ts`) and the REST
 * routes (`src/server/rest/index.ts`) are both derived from this one object; a domain's name is
 * its tRPC namespace (`auth.login`).
 */
import { authOperations } from './auth';
import { checkoutOperations } from './checkout';
import { contactOperations } from './contact';
import { driveOperations } from './drive';
import { outboxOperations } from './outbox';
import { memberOperations } from './member';
import { paymentOperations } from './payments';
import { privacyOperations } from './privacy';
import { profileUpdateOperations } from './profile-update';
import { referralOperations } from './referrals';
import { securityOperations } from './security';
import { settingsOperations } from './settings';
import { subscriberOperations } from './subscribers';
import { systemOperations } from './system';
import { userOperations } from './users';
import { webhookOperations } from './webhooks';
import { whatsappOperations } from './whatsapp';
import { identityOperations } from './identity';

export const operations = {
  auth: authOperations,
  checkout: checkoutOperations,
  contact: contactOperations,
  drive: driveOperations,
  member: memberOperations,
  outbox: outboxOperations,
  payments: paymentOperations,
  privacy: privacyOperations,
  profileUpdate: profileUpdateOperations,
  referrals: referralOperations,
  security: securityOperations,
  settings: settingsOperations,
  subscribers: subscriberOperations,
  system: systemOperations,
  users: userOperations,
  webhooks: webhookOperations,
  whatsapp: whatsappOperations,
  identity: identityOperations,
};

export type Operations = typeof operations;
