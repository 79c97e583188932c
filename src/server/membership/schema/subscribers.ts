/**
 * Subscribers (confrades): the club's member records with the full field set of docs/product/back-office-and-member-area.md §3. A
 * subscriber exists from the first checkout on (status `pending_payment`), independently of a login
 * account. `userId` is set only when a checkout signed in as that account creates the subscriber for
 * the account's own e-mail, or when the account proves the e-mail (uses a set-password link); an
 * e-mail match alone never ties them, and a tie is never moved.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SETTINGS_DEFAULTS } from '../../../shared/content/settings-defaults';
import { PIX_KEY_TYPES } from '../../../shared/pix-key';
import { SUBSCRIBER_STATUSES } from '../../../shared/plans';
import { users } from '../../identity/schema/accounts';

const now = sql`(unixepoch('subsec') * 1000)`;

import { GENDERS, SHIRT_SIZES } from '../../../shared/subscriber-schemas';
import type { ProposableField } from '../../../shared/proposed-changes';
import type { AddressOf } from '../../../shared/fields/address';

export { GENDERS, SHIRT_SIZES };
export const SUBSCRIBER_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'cancelled'] as const;

/** Billing data typed at a checkout: kept with the link or payment, never copied over a profile. */
export interface BillingData {
  name: string;
  email: string;
  phone: string;
  cpfCnpj: string;
  address: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
}

export const subscribers = sqliteTable(
  'subscribers',
  {
    id: text('id').primaryKey(),
    /** Full name (`fullName` on the wire as well). */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** Digits only (area code + number). */
    phone: text('phone').notNull().default(''),
    /** 11 digits, or null (optional on the admin form). */
    cpf: text('cpf'),
    /** Calendar date YYYY-MM-DD (not an instant). */
    birthDate: text('birth_date'),
    gender: text('gender', { enum: GENDERS }),
    profession: text('profession'),
    shirtSize: text('shirt_size', { enum: SHIRT_SIZES }).notNull().default('M'),
    winePreference: text('wine_preference'),
    /** Street (`address` on the wire). */
    street: text('street'),
    number: text('number'),
    complement: text('complement'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    /** CEP, 8 digits. */
    zipCode: text('zip_code'),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending_payment'),
    paymentStatus: text('payment_status', { enum: SUBSCRIBER_PAYMENT_STATUSES }).notNull().default('pending'),
    /**
     * Cents. Every write path passes the price of Configurações (checkout, admin form, CSV); the
     * column's default is the settings' own default, for rows written without one (the demo seed).
     */
    subscriptionPrice: integer('subscription_price').notNull().default(SETTINGS_DEFAULTS.priceAnnual),
    subscriptionStartDate: integer('subscription_start_date', { mode: 'timestamp_ms' }),
    subscriptionEndDate: integer('subscription_end_date', { mode: 'timestamp_ms' }),
    adminNotes: text('admin_notes'),
    /** The billing data of the checkout that created this subscriber (docs/product/back-office-and-member-area.md §3 `billingData`). */
    billingData: text('billing_data', { mode: 'json' }).$type<BillingData>(),
    /** Id of the admin user who approved; null = never approved (docs/product/decisions.md §3.2/§3.3). */
    approvedBy: text('approved_by'),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    /**
     * Cancellation asked for (docs/product/decisions.md §3.5, "cancele quando quiser"): access lasts to the end of the
     * paid period, then the daily job makes the status `cancelled`. Null = no cancellation pending.
     */
    cancelRequestedAt: integer('cancel_requested_at', { mode: 'timestamp_ms' }),
    cancelRequestedBy: text('cancel_requested_by'),
    profileCompleted: integer('profile_completed', { mode: 'boolean' }).notNull().default(false),
    profileCompletedAt: integer('profile_completed_at', { mode: 'timestamp_ms' }),
    createdBy: text('created_by'),
    lastModifiedBy: text('last_modified_by'),
    /** This subscriber's own referral code (letters and digits, unique). */
    referralCode: text('referral_code').notNull().unique(),
    /** The referrer's subscriber id (docs/product/decisions.md §3.6). */
    referredBy: text('referred_by'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Where the member's referral commissions are paid (ADR 046): a PIX key in the DICT format
     * with the type it was read as (src/shared/pix-key.ts), typed by the member with the current
     * password; null = none given. Wiped by the LGPD erasure.
     */
    payoutPixKey: text('payout_pix_key'),
    payoutPixKeyType: text('payout_pix_key_type', { enum: PIX_KEY_TYPES }),
    payoutPixKeyUpdatedAt: integer('payout_pix_key_updated_at', { mode: 'timestamp_ms' }),
    /**
     * Automatic renewal on with a saved card (`automatic_renewals`: enabled, card reference kept),
     * copied here only so that the back office's `renewal` filter reads an index instead of probing
     * that table for every subscriber (ADR 052, "The list's renewal filter"). Written by the
     * triggers on `automatic_renewals` of migration 0048, never by the app: whatever writes that
     * table (the app, the `sqlite3` shell) keeps it true.
     */
    renewsAutomatically: integer('renews_automatically', { mode: 'boolean' }).notNull().default(false),
    /**
     * When the subscriber's first confirmed payment (paid, or paid and later refunded) was paid:
     * the dashboard's "novos membros no mês" is an index range of it. Copied here by the triggers
     * on `payments` of migration 0049, never by the app, so every writer of `payments` keeps it
     * true (ADR 050, "The first payment's date, kept").
     */
    firstPaidAt: integer('first_paid_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    // No index on `status` alone: the (status, …) indexes below serve it (migration flat_write_costs).
    index('subscribers_created_idx').on(table.createdAt),
    // Partial where most new rows hold NULL (a checkout's record has no account, referrer or period
    // yet): a NULL writes no index page. Every query on these columns compares them
    // (`=`, `<`, `>`…), which SQLite knows implies IS NOT NULL (migration flat_write_costs).
    index('subscribers_user_idx')
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
    index('subscribers_referred_by_idx')
      .on(table.referredBy)
      .where(sql`${table.referredBy} is not null`),
    index('subscribers_phone_idx').on(table.phone),
    index('subscribers_end_date_idx')
      .on(table.subscriptionEndDate)
      .where(sql`${table.subscriptionEndDate} is not null`),
    // The back office's list (bench/admin): each sort, and a status filter in the default order.
    index('subscribers_name_idx').on(table.name),
    // Sorted by Vencimento (ADR 046): whole, since the sort shows records without an end date too.
    index('subscribers_end_date_sort_idx').on(table.subscriptionEndDate, table.createdAt),
    index('subscribers_price_idx').on(table.subscriptionPrice, table.createdAt),
    index('subscribers_status_created_idx').on(table.status, table.createdAt),
    index('subscribers_status_approved_idx').on(table.status, table.approvedBy),
    // Members whose time ends within N days (the dashboard's tile, the list's shortcut, renewal
    // reminders): one status, a window of end dates, whatever the club's size (ADR 044); and how
    // they renew, so that the dashboard's split of that window is counted from the index (ADR 052).
    index('subscribers_status_end_date_idx').on(
      table.status,
      table.subscriptionEndDate,
      table.renewsAutomatically,
    ),
    // New members of a month (the dashboard): NULL until a first payment, so partial (ADR 050).
    index('subscribers_first_paid_idx')
      .on(table.firstPaidAt)
      .where(sql`${table.firstPaidAt} is not null`),
    // The list filtered by how members renew, newest first, and its count (ADR 052).
    index('subscribers_renewal_created_idx').on(table.renewsAutomatically, table.createdAt),
  ],
);

export type Subscriber = typeof subscribers.$inferSelect;

/** The address columns under `AddressOf`'s names, for a select that reads the address's parts. */
export const subscriberAddressColumns = {
  street: subscribers.street,
  number: subscribers.number,
  complement: subscribers.complement,
  neighborhood: subscribers.neighborhood,
  city: subscribers.city,
  state: subscribers.state,
  zipCode: subscribers.zipCode,
} satisfies Record<keyof AddressOf<unknown>, unknown>;

/**
 * What happened to a subscriber, newest last: every status transition of the lifecycle
 * (services/subscriber-lifecycle.ts) with who, when and why, and the other events the back office
 * shows in a subscriber's history (created, edited fields, messages sent).
 */
export const subscriberActivity = sqliteTable(
  'subscriber_activity',
  {
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** A lifecycle event (`payment_confirmed`, `approved`, …) or another activity (`edited`, …). */
    event: text('event').notNull(),
    /** Status before and after; equal for events that change no status (a cancellation request). */
    fromStatus: text('from_status', { enum: SUBSCRIBER_STATUSES }),
    toStatus: text('to_status', { enum: SUBSCRIBER_STATUSES }),
    /** The user who acted (admin or member); null for the system (jobs, the payment provider). */
    actorId: text('actor_id'),
    /** `admin`, `member`, `system` or `provider`. */
    actorKind: text('actor_kind', { enum: ['admin', 'member', 'system', 'provider'] }).notNull(),
    reason: text('reason'),
    /** Event details (the payment id, the fields an edit changed with old and new values, …). */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('subscriber_activity_subscriber_idx').on(table.subscriberId, table.createdAt)],
);

export type SubscriberActivity = typeof subscriberActivity.$inferSelect;

/**
 * What a paid anonymous checkout typed that differs from the record it paid for (ADR 027): a
 * checkout never changes a record it did not create, so the differences wait here for an admin to
 * apply or discard, field by field. One row per record (a record's first payment happens once);
 * a field leaves `fields` when decided, the row when none is left. Personal data: an erasure
 * deletes it.
 */
export const proposedChanges = sqliteTable('proposed_changes', {
  subscriberId: text('subscriber_id')
    .primaryKey()
    .references(() => subscribers.id, { onDelete: 'cascade' }),
  /** The payment whose checkout typed them. */
  paymentId: text('payment_id').notNull(),
  /** The proposed value of each field (the column's form: digits for phone, CPF and CEP). */
  fields: text('fields', { mode: 'json' }).$type<Partial<Record<ProposableField, string>>>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type ProposedChange = typeof proposedChanges.$inferSelect;
