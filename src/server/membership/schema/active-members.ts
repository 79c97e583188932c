/**
 * Active members kept by the database (docs/decisions/044-active-members-kept-by-triggers.md): the
 * dashboard's tile and members chart read these instead of every paid period of the year, so their
 * cost does not grow with the club. Both tables are kept by triggers (migration
 * `active_member_spans_triggers`) in the same transaction as every write that changes a payment, an
 * approval or a switch-off: an index the database maintains, not a cache the code must refresh.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * When each subscriber was an active member (services/active-members.ts has the definition): their
 * paid periods from approval on, merged where they touch or overlap, none for a switched-off record.
 * Spans of one subscriber never overlap, so members at an instant = spans begun − spans ended.
 */
export const memberSpans = sqliteTable(
  'member_spans',
  {
    subscriberId: text('subscriber_id').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    /** Excluded: a span ending at 10:00 no longer counts at 10:00. */
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriberId, table.startsAt] }),
    index('member_spans_starts_idx').on(table.startsAt),
    index('member_spans_ends_idx').on(table.endsAt),
  ],
);

/** Spans begun and ended by São Paulo month (`yyyymm`): members at a month's end = Σ begun − ended. */
export const memberMonthTotals = sqliteTable('member_month_totals', {
  month: integer('month').primaryKey(),
  spansBegun: integer('spans_begun').notNull().default(0),
  spansEnded: integer('spans_ended').notNull().default(0),
});

/**
 * Subscribers whose spans must be computed again; the triggers of `payments` and `subscribers` queue
 * one, and the queue's own trigger recomputes and removes it in the same statement, so the table is
 * always empty between statements. It lets the merge rule live in one trigger.
 */
export const memberSpanRefreshes = sqliteTable('member_span_refreshes', {
  subscriberId: text('subscriber_id').notNull(),
});
