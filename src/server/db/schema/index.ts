/** The whole Drizzle schema: one module per domain, re-exported here for the client and drizzle-kit. */
export * from '../../identity/schema/accounts';
export * from '../../settings/schema';
export * from '../../messaging/schema';
export * from '../../public-site/schema';
export * from '../../membership/schema/subscribers';
export * from '../../payments/schema/payments';
export * from '../../payments/schema/payment-history';
// Automatic annual renewal (ADR 052).
export * from '../../payments/schema/automatic-renewals';
// Saved cards an erasure asked the provider to delete (ADR 052).
export * from '../../payments/schema/card-deletions';
export * from '../../referrals/schema';
export * from '../../membership/schema/profile-update';
export * from '../../drive/schema';
export * from './jobs';
export * from '../../privacy/schema';
export * from '../../identity/schema/two-factor';
// Proven contacts and sign-in address changes (ADR 027).
export * from '../../identity/schema/contacts';
// Active members by span and month, kept by triggers (ADR 044).
export * from '../../membership/schema/active-members';
// The São Paulo month of an instant, as data the triggers read (ADR 038).
export * from './sao-paulo-months';
// Service invoices (NFS-e) of paid payments.
export * from '../../invoices/schema/service-invoices';
