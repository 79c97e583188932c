/**
 * Referral programme (docs/product/decisions.md §3.6): clicks on `?ref=CODE` (once per visitor per day) and the
 * referrer's 10% commission per referred subscriber (`pending` → `confirmed` when the referred
 * payment is paid → `paid` when an admin pays it out; `cancelled` when that payment is refunded).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PIX_KEY_TYPES } from '../../shared/pix-key';
import { REFERRAL_STATUSES } from '../../shared/plans';
import { subscribers } from '../membership/schema/subscribers';

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
    /** The batch that paid it (`commission_payouts`), null when paid alone or not paid. */
    payoutId: text('payout_id'),
    /**
     * The referrer's PIX key (DICT format) and type the batch paid to: the bank file is rebuilt from
     * them even after the member changes the key. Wiped by the LGPD erasure.
     */
    payoutPixKey: text('payout_pix_key'),
    payoutPixKeyType: text('payout_pix_key_type', { enum: PIX_KEY_TYPES }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerId, table.status),
    index('referrals_payment_idx').on(table.paymentId),
    index('referrals_payout_idx')
      .on(table.payoutId)
      .where(sql`${table.payoutId} is not null`),
    // The commissions due, oldest confirmed first (the batch payout's list).
    index('referrals_status_confirmed_idx').on(table.status, table.confirmedAt),
  ],
);

/**
 * A batch of commissions paid at once (ADR 046): who paid, when (every commission in it
 * carries the same date), how many and how much. The idempotency key its dialog made is unique per
 * admin, so a repeated call (a double click, a retry after a lost answer) finds this row and pays
 * nothing again.
 */
export const commissionPayouts = sqliteTable(
  'commission_payouts',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** How many commissions and referrers, and the total in cents. */
    count: integer('count').notNull(),
    referrers: integer('referrers').notNull(),
    total: integer('total').notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [uniqueIndex('commission_payouts_key_uq').on(table.adminId, table.idempotencyKey)],
);

export type CommissionPayout = typeof commissionPayouts.$inferSelect;

export type Referral = typeof referrals.$inferSelect;
