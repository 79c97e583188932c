/**
 * Proven contacts (ADR 027). An account's e-mail is proven by a link sent to it
 * (`users.email_verified_at`); its WhatsApp number only by a code sent to it and typed back
 * (`account_phones`). A change of sign-in address waits in `email_changes` until the new address
 * confirms it. Codes and link tokens are stored as SHA-256 hashes only.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { subscribers } from '../../membership/schema/subscribers';

/** The WhatsApp number an account proved, and when. One per account; a new proof replaces it. */
export const accountPhones = sqliteTable('account_phones', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Digits, as the subscriber records store phones. */
  phone: text('phone').notNull(),
  provenAt: integer('proven_at', { mode: 'timestamp_ms' }).notNull(),
});

/** 6-digit codes sent by WhatsApp to prove a number (10 minutes, 5 tries). */
export const phoneProofCodes = sqliteTable(
  'phone_proof_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code went to (digits): proving the code proves this number. */
    phone: text('phone').notNull(),
    /** SHA-256 of `id:code`. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    provenAt: integer('proven_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('phone_proof_codes_user_idx').on(table.userId, table.createdAt)],
);

export const EMAIL_CHANGE_REQUESTERS = ['member', 'admin', 'wizard'] as const;

/**
 * A new e-mail for an account (and the record tied to it) or, for a record without an account, for
 * the record: nothing changes until the link sent to `new_email` is used. The previous address is
 * told when the change is asked for and when it takes effect.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    /** The account whose sign-in address changes (null: a record without an account). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The record whose e-mail follows (the account's tied record, or the record alone). */
    subscriberId: text('subscriber_id').references(() => subscribers.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: text('requested_by', { enum: EMAIL_CHANGE_REQUESTERS }).notNull(),
    /** The admin or member who asked (null for the wizard, where the code was the proof). */
    requestedById: text('requested_by_id'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('email_changes_user_idx').on(table.userId),
    index('email_changes_subscriber_idx').on(table.subscriberId),
  ],
);

export type EmailChange = typeof emailChanges.$inferSelect;
