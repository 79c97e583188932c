export const CHANNELS = ['email', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Keys of the message templates; each exists for e-mail and WhatsApp. */
export const TEMPLATE_KEYS = [
  'welcome',
  'set_password',
  'verify_email',
  'payment_confirmed',
  'payment_reminder',
  'renewal',
  'event',
  'contact',
  'profile_update_code',
  /** A text an admin typed (WhatsApp screen, test sends): the body is the `message` variable. */
  'custom',
  // LGPD requests (ADR 029): the admins told of a new request, the member told it was completed.
  'lgpd_request',
  'lgpd_erased',
  // The owner's account (ADR 028): what changed in the account's security, never a credential.
  'account_security',
  // Proven contacts (ADR 027): notices without credentials, the new address's link, the WhatsApp proof.
  'access_ready',
  'email_change_confirm',
  'email_change_requested',
  'email_changed',
  'phone_proof_code',
  // Disputes (ADR 030): every admin told of a chargeback, to contest it in the provider's dashboard.
  'chargeback_alert',
  // Automatic annual renewal (ADR 052): the notice before the date, a card that expires first,
  // a declined charge (with the retry or the way to renew by hand), and the choice turned off.
  'automatic_renewal_notice',
  'automatic_renewal_card_expiring',
  'automatic_renewal_failed',
  'automatic_renewal_off',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
