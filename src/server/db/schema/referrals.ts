/**
 * Referral programme (docs/product/decisions.md §3.6): clicks on `?ref=CODE` (once per visitor per day) and the
 * referrer's 10% commission per referred subscriber (`pending` → `confirmed` when the referred
 * payment is paid → `paid` when an admin pays it out; `cancelled` when that payment is refunded).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REFERRAL_STATUSES } from '../../../shared/plans';
import { subscribers } from './subscribers';

const now = sql`(unixepoch('subsec') * 1000)`;

export const referralClicks = sqliteTable(
  'referral_clicks',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    /** SHA-256 of the visitor cookie, or of IP + user agent: no personal data stored. */
    visitorKey: text('visitor_key').notNull(),
    /** YYYY-MM-DD in America/Sao_Paulo. */
    day: text('day').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [uniqueIndex('referral_clicks_once_uq').on(table.code, table.visitorKey, table.day)],
);

export const referrals = sqliteTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** One commission per referred subscriber: the referral is the subscription they brought. */
    referredId: text('referred_id')
      .notNull()
      .unique()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** The code used (the referrer's at the time). */
    referralCode: text('referral_code').notNull(),
    /** The referred payment that confirmed it. */
    paymentId: text('payment_id'),
    /** Cents: 10% of what the referred member paid (an estimate until confirmed). */
    commissionAmount: integer('commission_amount').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    paidBy: text('paid_by'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerId, table.status),
    index('referrals_payment_idx').on(table.paymentId),
  ],
);

export type Referral = typeof referrals.$inferSelect;
