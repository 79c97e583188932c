/** The whole Drizzle schema: one module per domain, re-exported here for the client and drizzle-kit. */
export * from './accounts';
export * from './settings';
export * from './notifications';
export * from './contact';
export * from './subscribers';
export * from './payments';
export * from './payment-history';
export * from './referrals';
export * from './profile-update';
export * from './drive';
export * from './jobs';
export * from './privacy';
export * from './two-factor';
// Proven contacts and sign-in address changes (ADR 027).
export * from './contacts';
// Active members by span and month, kept by triggers (ADR 044).
export * from './active-members';
