/**
 * Automatic annual renewal (docs/decisions/052-automatic-renewal.md): the member's saved
 * card reference at the provider and their choice, and one row per renewal attempt keyed
 * (subscriber, period end, attempt number) so that no pass can charge a period's attempt twice.
 * Never a card number: the provider keeps the card, we keep its reference, brand, last four and
 * expiry.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { subscribers } from '../../membership/schema/subscribers';
import { PAYMENT_PROVIDERS, payments } from './payments';

const now = sql`(unixepoch('subsec') * 1000)`;

export const AUTOMATIC_RENEWAL_ACTORS = ['member', 'admin', 'system'] as const;

export const automaticRenewals = sqliteTable(
  'automatic_renewals',
  {
    subscriberId: text('subscriber_id')
      .primaryKey()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's customer and card (Pagar.me `cus_…`, `card_…`); null once erased. */
    providerCustomerId: text('provider_customer_id'),
    providerCardId: text('provider_card_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** When the card was saved (the paid card checkout it came from). */
    cardSavedAt: integer('card_saved_at', { mode: 'timestamp_ms' }),
    /** The member's choice; only the member turns it on, the member or an admin turns it off. */
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    /** The last consent: when, and the exact sentence the member was shown. */
    consentAt: integer('consent_at', { mode: 'timestamp_ms' }),
    consentText: text('consent_text'),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    disabledBy: text('disabled_by', { enum: AUTOMATIC_RENEWAL_ACTORS }),
    /** The period end the notice "N dias antes" was sent for (once per period). */
    noticeFor: integer('notice_for', { mode: 'timestamp_ms' }),
    /** The period end the "cartão vence antes da renovação" notice was sent for. */
    cardNoticeFor: integer('card_notice_for', { mode: 'timestamp_ms' }),
    /**
     * A declined renewal with retries still ahead holds the period open until here: the expiry pass
     * skips the member until the last retry has failed (then today's expiry rule applies).
     */
    graceUntil: integer('grace_until', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    // The pass reads only the members who chose it.
    index('automatic_renewals_enabled_idx')
      .on(table.enabled)
      .where(sql`${table.enabled} = 1`),
    index('automatic_renewals_grace_idx')
      .on(table.graceUntil)
      .where(sql`${table.graceUntil} is not null`),
  ],
);

export const renewalAttempts = sqliteTable(
  'renewal_attempts',
  {
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** The end date being renewed: the period this attempt is for. */
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    /** 1 on the date, 2… for the retries of the schedule. */
    attempt: integer('attempt').notNull(),
    /** The payment the attempt was charged as (its id is the order code and idempotency key). */
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** When the member was told of this attempt's failure (once). */
    outcomeNoticedAt: integer('outcome_noticed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    // Two passes at once, or a restart mid-pass: the second insert of an attempt finds this.
    uniqueIndex('renewal_attempts_period_attempt_uq').on(table.subscriberId, table.periodEnd, table.attempt),
    index('renewal_attempts_payment_idx').on(table.paymentId),
  ],
);

export type AutomaticRenewal = typeof automaticRenewals.$inferSelect;
export type RenewalAttempt = typeof renewalAttempts.$inferSelect;
