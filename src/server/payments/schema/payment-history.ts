/**
 * What happened to each payment, for the owner (ADR 030):
 * attempts sent to the provider, answers lost, webhooks (what they changed, never their bodies),
 * reconciliation reads, extra charges and refunds. Written by services/payment-history.ts only,
 * at most 50 entries per payment or link; details are a few whitelisted ids, amounts and words.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { paymentLinks, payments } from './payments';

export const PAYMENT_HISTORY_SOURCES = [
  'checkout',
  'webhook',
  'reconciliation',
  'tracking',
  'admin',
  // The scheduled pass that charges an automatic renewal (ADR 052).
  'renewal',
] as const;
export type PaymentHistorySource = (typeof PAYMENT_HISTORY_SOURCES)[number];

export const paymentHistory = sqliteTable(
  'payment_history',
  {
    id: text('id').primaryKey(),
    /** The payment it is about; null for an event of a link that has no payment yet. */
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    paymentLinkId: text('payment_link_id').references(() => paymentLinks.id, { onDelete: 'cascade' }),
    source: text('source', { enum: PAYMENT_HISTORY_SOURCES }).notNull(),
    kind: text('kind').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, string | number | boolean | null>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [
    index('payment_history_payment_idx').on(table.paymentId, table.createdAt),
    index('payment_history_link_idx').on(table.paymentLinkId, table.createdAt),
  ],
);

export type PaymentHistoryRow = typeof paymentHistory.$inferSelect;
