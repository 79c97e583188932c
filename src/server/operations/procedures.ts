/**
 * The domains whose operations are tRPC procedures (src/server/operations/procedure.ts), by tRPC
 * namespace. The SPA's router carries `procedures`; the REST router adds `restOnlyProcedures`,
 * which only external programs call (src/server/rest/procedure-routes.ts).
 */
import { authProcedures, authRestProcedures } from '../identity/operations/auth';
import { userProcedures } from '../identity/operations/users';
import { identityProcedures } from '../identity/operations/identity';
import { securityProcedures } from '../identity/operations/security';
import { settingsProcedures } from '../settings/operations/settings';
import { systemRestProcedures } from '../system/operations';
import { checkoutProcedures, checkoutRestProcedures } from '../payments/operations/checkout';
import { automaticRenewalProcedures } from '../payments/operations/automatic-renewal';
import { contactProcedures } from '../public-site/operations';
import { driveProcedures, driveRestProcedures } from '../drive/operations';
import { outboxProcedures } from '../messaging/operations/outbox';
import { paymentProcedures, paymentRestProcedures } from '../payments/operations/payments';
import { whatsappProcedures } from '../messaging/operations/whatsapp';
import { receiptProcedures, receiptRestProcedures } from '../payments/operations/receipts';
import { webhookRestProcedures } from '../payments/operations/webhooks';
import { privacyProcedures } from '../privacy/operations';
import { profileUpdateProcedures } from '../membership/operations/profile-update';
import { memberProcedures } from '../membership/operations/member';
import { subscriberProcedures, subscriberRestProcedures } from '../membership/operations/subscribers';
import { referralProcedures, referralRestProcedures } from '../referrals/operations';
import { monthCloseProcedures, monthCloseRestProcedures } from '../reports/operations/month-close';
import { invoiceProcedures } from '../invoices/operations';

export const procedures = {
  auth: authProcedures,
  checkout: checkoutProcedures,
  automaticRenewal: automaticRenewalProcedures,
  contact: contactProcedures,
  drive: driveProcedures,
  member: memberProcedures,
  outbox: outboxProcedures,
  payments: paymentProcedures,
  privacy: privacyProcedures,
  receipts: receiptProcedures,
  profileUpdate: profileUpdateProcedures,
  referrals: referralProcedures,
  security: securityProcedures,
  settings: settingsProcedures,
  subscribers: subscriberProcedures,
  users: userProcedures,
  whatsapp: whatsappProcedures,
  identity: identityProcedures,
  monthClose: monthCloseProcedures,
  invoices: invoiceProcedures,
};
export const restOnlyProcedures = {
  auth: authRestProcedures,
  checkout: checkoutRestProcedures,
  drive: driveRestProcedures,
  monthClose: monthCloseRestProcedures,
  payments: paymentRestProcedures,
  receipts: receiptRestProcedures,
  referrals: referralRestProcedures,
  subscribers: subscriberRestProcedures,
  system: systemRestProcedures,
  webhooks: webhookRestProcedures,
};
