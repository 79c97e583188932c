/**
 * Codes of the profile-update wizard (docs/product/decisions.md §3.8): a 6-digit code sent to the e-mail and
 * WhatsApp on file, valid 10 minutes and 5 tries; once confirmed it yields a short-lived token
 * that lets `complete-profile` save once. Only hashes are stored: neither the code nor the token
 * can be read back from the database.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { subscribers } from './subscribers';

export const profileUpdateCodes = sqliteTable(
  'profile_update_codes',
  {
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** SHA-256 of `id:code` (the row id salts it). */
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far; the 5th locks the code. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the code was confirmed (it cannot be confirmed twice). */
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
    /** SHA-256 of the verification token handed out on confirmation. */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: integer('token_expires_at', { mode: 'timestamp_ms' }),
    /** When `complete-profile` used the token (one save per confirmation). */
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('profile_update_codes_subscriber_idx').on(table.subscriberId, table.createdAt)],
);

export type ProfileUpdateCode = typeof profileUpdateCodes.$inferSelect;
