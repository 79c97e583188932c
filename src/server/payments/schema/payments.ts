/**
 * Money: payment links (the /checkout flow), payments (one row per attempt or confirmed charge) and
 * the log of provider webhooks used to drop replays. Amounts are integer cents; card numbers are
 * never stored, only brand and last four digits (docs/product/decisions.md §4).
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  EXTRA_CHARGES,
  PAYMENT_LINK_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PLAN_TYPES,
} from '../../../shared/plans';
import { subscribers, type BillingData } from '../../membership/schema/subscribers';

const now = sql`(unixepoch('subsec') * 1000)`;

export const PAYMENT_PROVIDERS = ['sandbox', 'pagarme'] as const;

export const paymentLinks = sqliteTable(
  'payment_links',
  {
    /** Unguessable: the tracking page is public and keyed by it. Also our order code at the provider. */
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the link (Pagar.me `pl_…`). */
    providerLinkId: text('provider_link_id'),
    url: text('url').notNull(),
    /** Snapshot of the checkout's name and e-mail (shown on the tracking page). */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    billingData: text('billing_data', { mode: 'json' }).$type<BillingData>().notNull(),
    /** The payment recorded when the link was paid. */
    paymentId: text('payment_id'),
    /** Admin who generated it (null for the public checkout). */
    createdBy: text('created_by'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    lastAttemptFailedAt: integer('last_attempt_failed_at', { mode: 'timestamp_ms' }),
    /** `?ref=CODE` of the checkout that created the link: applied only if this link is paid. */
    referralCode: text('referral_code'),
    /**
     * A member's renewal link with automatic renewal chosen at checkout: the exact sentence shown
     * and agreed to. Turned on (with this consent) only once the link is paid by card and the card
     * kept (docs/decisions/052-automatic-renewal.md).
     */
    automaticRenewalConsent: text('automatic_renewal_consent'),
    /** Last time the provider was asked about this link (throttles status refreshes). */
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    // A subscriber's links, and among them the pending ones still payable: the checkout's "same
    // link again?" lookup reads only that person's few rows (ADR 036), never the whole pending range.
    index('payment_links_subscriber_status_idx').on(table.subscriberId, table.status, table.expiresAt),
    index('payment_links_provider_link_idx').on(table.providerLinkId),
    index('payment_links_status_idx').on(table.status, table.expiresAt),
  ],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** The provider's transaction (charge) id, or the sandbox's. */
    transactionId: text('transaction_id'),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    paymentLinkId: text('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull().default('annual'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /** Null only when a link was confirmed from the provider's paid-session count alone. */
    method: text('method', { enum: PAYMENT_METHODS }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerOrderId: text('provider_order_id'),
    providerChargeId: text('provider_charge_id'),
    description: text('description').notNull(),
    failureReason: text('failure_reason'),
    billingData: text('billing_data', { mode: 'json' }).$type<BillingData>(),
    /** In-page PIX: the BR Code and until when it can be paid. */
    pixCode: text('pix_code'),
    pixExpiresAt: integer('pix_expires_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /**
     * The period this payment paid for: the subscriber's end date before it (null when there was
     * none) and the end date it gave. A refund of the current period's payment puts the end date
     * back. Both null for a payment that extended nothing (a second charge on a paid link).
     */
    previousEndDate: integer('previous_end_date', { mode: 'timestamp_ms' }),
    periodEndDate: integer('period_end_date', { mode: 'timestamp_ms' }),
    refundReason: text('refund_reason'),
    /**
     * A refund the provider accepted but has not completed (Pagar.me answers a PIX refund with
     * `pending_refund`): the payment stays `paid` until the provider says it is done; then it becomes
     * `refunded` and the period and commission change, once. `failed` keeps the provider's refusal.
     */
    refundStatus: text('refund_status', { enum: ['processing', 'failed'] }),
    refundRequestedAt: integer('refund_requested_at', { mode: 'timestamp_ms' }),
    refundFailureReason: text('refund_failure_reason'),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    refundedBy: text('refunded_by'),
    /** When the confirmation / welcome e-mails were queued (each at most once per payment). */
    confirmationEmailAt: integer('confirmation_email_at', { mode: 'timestamp_ms' }),
    welcomeEmailAt: integer('welcome_email_at', { mode: 'timestamp_ms' }),
    // Attempts, lost answers and extra charges (ADR 030).
    /**
     * The in-page attempt sent to the provider (1, 2…): its idempotency key is `order-{id}-{attempt}`,
     * the same for every retry of that attempt, a new one only for a new attempt.
     */
    attempt: integer('attempt').notNull().default(0),
    /**
     * The provider's answer to this attempt was lost (network, timeout, 5xx): the payment is
     * "em verificação" until the order is found by our code, or an hour passes without one.
     */
    verifyingSince: integer('verifying_since', { mode: 'timestamp_ms' }),
    /** Last time the provider was asked about this payment (throttles the status page's lookups). */
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    /**
     * Money received that bought nothing: a second paid charge for something already paid
     * (`duplicate`) or a charge paid with less than due (`underpaid`). `paid` until the owner
     * refunds it; never a period, a commission or an e-mail.
     */
    extraCharge: text('extra_charge', { enum: EXTRA_CHARGES }),
    /**
     * The payment an extra charge was for (null for a link paid with less, which has none yet). An
     * `overpaid` surplus holds no charge id of its own (the charge is its payment's): its refund is a
     * partial refund of that payment's charge.
     */
    extraChargeOf: text('extra_charge_of'),
    /**
     * When the owner decided to keep an extra charge as the club's money ("Manter cobrança extra"),
     * and who: from then on it counts as revenue (docs/decisions/054-month-close.md).
     */
    extraChargeKeptAt: integer('extra_charge_kept_at', { mode: 'timestamp_ms' }),
    extraChargeKeptBy: text('extra_charge_kept_by'),
    // Refunds and disputes (ADR 030).
    /**
     * When the provider reported the charge disputed and the money taken back (`chargedback`): the
     * payment is `refunded`, labelled "Contestado (chargeback)" (docs/product/decisions.md §3.7).
     */
    chargedbackAt: integer('chargedback_at', { mode: 'timestamp_ms' }),
    /**
     * Cents given back of a payment still `paid` (a partial refund made in the provider's
     * dashboard, as the provider reports it): the membership stays; a later refund asks for the rest.
     */
    refundedAmount: integer('refunded_amount'),
    /** Refunds asked of the provider (1, 2…): key `refund-{id}-{n}`, so a retry after a reverted one is new. */
    refundAttempt: integer('refund_attempt').notNull().default(0),
    /**
     * When the current attempt started (a new row, or an earlier attempt taken back). A payment
     * of the same subscriber recorded paid since then bought the period this attempt was for:
     * money this attempt brings in is a "cobrança duplicada", never a second year (ADR 030).
     */
    attemptStartedAt: integer('attempt_started_at', { mode: 'timestamp_ms' }),
    /** When we recorded it paid (our clock; `paid_at` is the provider's). */
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /**
     * Cancelled at its deadline after the provider said it was unpaid: reconciliation asks about
     * it once more (a PIX paid at the last second), then clears this.
     */
    deadlineCancelledAt: integer('deadline_cancelled_at', { mode: 'timestamp_ms' }),
    // The provider's figures of a paid charge (the owner's month close): read from the provider,
    // never computed by us; all null while unknown ("a confirmar"), never zero (ADR 054-month-close).
    /** Cents the provider credited for the charge before its fees (Pagar.me: the credit payables' `amount`). */
    providerGross: integer('provider_gross'),
    /** Cents the provider keeps (Pagar.me: `fee` + `anticipation_fee` + `fraud_coverage_fee`). */
    providerFee: integer('provider_fee'),
    /** `providerGross - providerFee`: what reaches the club's account. */
    providerNet: integer('provider_net'),
    /** When the provider expects to pay the net out (Pagar.me: the latest credit `payment_date`). */
    payoutDate: integer('payout_date', { mode: 'timestamp_ms' }),
    /** The provider said the money was paid out: the figures no longer change and are not read again. */
    feesFinal: integer('fees_final', { mode: 'boolean' }).notNull().default(false),
    /** Last time the provider was asked for the figures (the fees pass asks again after a while). */
    feesCheckedAt: integer('fees_checked_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    // `subscriber_id` alone is served by payments_subscriber_status_paid_idx (migration flat_write_costs).
    index('payments_link_idx').on(table.paymentLinkId),
    index('payments_status_idx').on(table.status, table.createdAt),
    index('payments_created_idx').on(table.createdAt),
    uniqueIndex('payments_provider_charge_uq').on(table.provider, table.providerChargeId),
    // Partial where most payments hold NULL (no order, no refund, not an extra charge, not an
    // in-page PIX): a NULL writes no index entry, and every query compares the column, which SQLite
    // knows implies IS NOT NULL (migration flat_write_costs).
    index('payments_provider_order_idx')
      .on(table.providerOrderId)
      .where(sql`${table.providerOrderId} is not null`),
    index('payments_refund_status_idx')
      .on(table.refundStatus)
      .where(sql`${table.refundStatus} is not null`),
    // The back office (bench/admin): sorts by amount, with or without a status filter; the
    // dashboard's sums by month (covering: no table reads) and its members-by-month and renewal
    // counts; a member's later payments (renewal rate, first payments of the month).
    index('payments_amount_idx').on(table.amount, table.createdAt),
    index('payments_status_amount_idx').on(table.status, table.amount, table.createdAt),
    index('payments_status_paid_idx').on(table.status, table.paidAt, table.amount),
    index('payments_status_period_end_idx').on(
      table.status,
      table.periodEndDate,
      table.paidAt,
      table.previousEndDate,
    ),
    index('payments_status_previous_end_idx').on(table.status, table.previousEndDate),
    index('payments_subscriber_status_paid_idx').on(table.subscriberId, table.status, table.paidAt),
    index('payments_transaction_idx').on(table.transactionId),
    // The exceptions lists (ADR 046): second charges, lost answers and chargebacks, newest first;
    // partial, as almost every payment has none of them.
    index('payments_extra_charge_idx')
      .on(table.extraCharge, table.createdAt)
      .where(sql`${table.extraCharge} is not null`),
    index('payments_verifying_idx')
      .on(table.verifyingSince, table.createdAt)
      .where(sql`${table.verifyingSince} is not null`),
    index('payments_chargedback_idx')
      .on(table.chargedbackAt, table.createdAt)
      .where(sql`${table.chargedbackAt} is not null`),
    index('payments_extra_charge_of_idx')
      .on(table.extraChargeOf)
      .where(sql`${table.extraChargeOf} is not null`),
    // Paid charges whose provider figures are not final yet (the fees pass, oldest question first);
    // partial: once paid out, a payment leaves it.
    index('payments_fees_pending_idx')
      .on(table.feesCheckedAt)
      .where(
        sql`${table.feesFinal} = 0 and ${table.providerChargeId} is not null and ${table.paidAt} is not null`,
      ),
    // Attempts cancelled at a deadline, awaiting reconciliation's second look (ADR 030).
    index('payments_deadline_cancelled_idx')
      .on(table.deadlineCancelledAt)
      .where(sql`${table.deadlineCancelledAt} is not null`),
    // In-page attempts whose outcome is unknown (in verification, or a card awaiting its answer):
    // every checkout asks for the person's one, so it reads these few rows, never the pending range
    // (services/unsettled-attempts.ts repeats this condition word for word, so SQLite uses it).
    index('payments_unsettled_idx')
      .on(table.status, table.createdAt)
      .where(
        sql`${table.status} = 'pending' and ${table.paymentLinkId} is null and (${table.verifyingSince} is not null or ${table.method} = 'credit_card')`,
      ),
  ],
);

/** Every webhook accepted, keyed by the provider's hook id: a replay finds its row and changes nothing. */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    hookId: text('hook_id').notNull(),
    type: text('type').notNull(),
    /** processed | ignored */
    result: text('result').notNull().default('processed'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [uniqueIndex('webhook_events_hook_uq').on(table.provider, table.hookId)],
);

export type PaymentLink = typeof paymentLinks.$inferSelect;
export type Payment = typeof payments.$inferSelect;

/**
 * The dashboard's whole-history figures by São Paulo calendar month (`yyyymm`): revenue of paid
 * payments by the month they were paid, and paid periods by the month they began and the month they
 * ended (members with a period running at a month's end = periods begun minus periods ended up to
 * that month), and paid renewals by the month of the end they extended. Kept by triggers on
 * `payments` in the same transaction as every write, from the view `payment_month_shares` (what one
 * payment adds to which month) over the views below (migration `one_home_money_time`;
 * docs/decisions/026-admin-search-and-totals.md, 038-one-home-per-money-and-time-rule.md): an index
 * the database maintains, not a cache the code must remember to refresh.
 */
export const paymentMonthTotals = sqliteTable('payment_month_totals', {
  month: integer('month').primaryKey(),
  revenue: integer('revenue').notNull().default(0),
  periodsBegun: integer('periods_begun').notNull().default(0),
  periodsEnded: integer('periods_ended').notNull().default(0),
  /** Paid renewals by the month of the end they extended (`previous_end_date`): the renewal rate. */
  periodsRenewed: integer('periods_renewed').notNull().default(0),
});

// The money rules, each defined once as a view (migration `one_home_money_time`, ADR 038): the
// triggers that keep `payment_month_totals` and the queries of the dashboard read the same rows.
// Declared here for the queries only (`existing()`): the migration creates them.

/**
 * Paid periods: a `paid` payment (not refunded) that extended the subscriber's time. A period begins
 * when it was paid, or for a renewal paid early at the end it extended, and ends at
 * `period_end_date` (excluded).
 */
export const paidPeriods = sqliteView('paid_periods', {
  paymentId: text('payment_id').notNull(),
  subscriberId: text('subscriber_id').notNull(),
  beginsAt: integer('begins_at', { mode: 'timestamp_ms' }).notNull(),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
}).existing();

/** Paid renewals: a `paid` payment that extended an end date (`previous_end_date`, the end it renewed). */
export const paidRenewals = sqliteView('paid_renewals', {
  paymentId: text('payment_id').notNull(),
  renewedEnd: integer('renewed_end', { mode: 'timestamp_ms' }).notNull(),
}).existing();
