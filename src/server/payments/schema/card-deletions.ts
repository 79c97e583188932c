/**
 * Saved cards an LGPD erasure asked the provider to delete, until it confirms (ADR 052). The
 * erasure never waits for the provider: it queues the card here in its own transaction and the
 * reconciliation pass asks, with retries, until the provider says deleted or already gone; then the
 * row goes too. Only the provider's ids: no subscriber, no brand, no last four — nothing that
 * leads back to the person once their record is erased.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PAYMENT_PROVIDERS } from './payments';

const now = sql`(unixepoch('subsec') * 1000)`;

export const cardDeletions = sqliteTable(
  'card_deletions',
  {
    /** The provider's card (`card_…`): one deletion per card, however often it is queued. */
    providerCardId: text('provider_card_id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's customer (`cus_…`): the DELETE's path needs it. */
    providerCustomerId: text('provider_customer_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not asked before this (a try in progress holds it a few minutes ahead: its lease). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** The provider's last refusal or unavailability, as a safe message (never a key). */
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('card_deletions_due_idx').on(table.nextAttemptAt)],
);

export type CardDeletion = typeof cardDeletions.$inferSelect;
