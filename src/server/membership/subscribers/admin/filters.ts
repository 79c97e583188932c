/** The back office list's filters and sort columns; the CSV export shares them. */
import { and, eq, exists, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core';
import type { RenewalFilter, SubscriberStatus } from '../../../../shared/plans';
import { automaticRenewals, payments, renewalAttempts, subscribers } from '../../../db/schema';
import { searchCondition } from '../search';
import { DAY_MS } from '../../../../shared/sao-paulo-time';

export const SORT_COLUMNS = {
  createdAt: subscribers.createdAt,
  fullName: subscribers.name,
  status: subscribers.status,
  subscriptionPrice: subscribers.subscriptionPrice,
  subscriptionEndDate: subscribers.subscriptionEndDate,
} as const;

/**
 * The list's filters (status, and search over name, e-mail, phone and CPF through the trigram index
 * of subscriber-search.ts); the CSV export shares them.
 */
export const statusWhere = (status: 'all' | SubscriberStatus) =>
  status === 'all' ? undefined : eq(subscribers.status, status);

/** Active subscriptions whose period ends after now and within `days` (the dashboard's renewals). */
export function endingWithinWhere(days: number | undefined, now: Date): SQL | undefined {
  if (days === undefined) return undefined;
  return and(
    eq(subscribers.status, 'active'),
    gt(subscribers.subscriptionEndDate, now),
    lte(subscribers.subscriptionEndDate, new Date(now.getTime() + days * DAY_MS)),
  );
}

/**
 * Members whose period ended within the last `days` and was not renewed (a renewal moves the end
 * into the future), to win them back: expired or cancelled, or still active until the daily job
 * marks them. Never the approval queue nor a deactivated record. A window of end dates: bounded.
 */
export function expiredWithinWhere(days: number | undefined, now: Date): SQL | undefined {
  if (days === undefined) return undefined;
  return and(
    inArray(subscribers.status, ['active', 'expired', 'cancelled']),
    gt(subscribers.subscriptionEndDate, new Date(now.getTime() - days * DAY_MS)),
    lte(subscribers.subscriptionEndDate, now),
  );
}

const query = new QueryBuilder();

/** The member a retry subquery reads: its own name, so the list's `subscribers` stays outside. */
const inRetry = alias(subscribers, 'in_retry');

/**
 * Declined and in retry: automatic renewal on, the period held open for a retry still ahead
 * (`grace_until`, cleared after the last refusal, a payment or turning it off), and an attempt of
 * the current period refused. Not the first attempt awaiting its answer (held open too).
 *
 * The ids come from the grace index (the few members in retry) rather than a check of every
 * subscriber: on a club of 100,000 the dashboard's count went from a scan to a few index steps.
 */
const retryingIds = (now: Date) =>
  query
    .select({ id: automaticRenewals.subscriberId })
    .from(automaticRenewals)
    .innerJoin(inRetry, eq(inRetry.id, automaticRenewals.subscriberId))
    .where(
      and(
        eq(automaticRenewals.enabled, true),
        gt(automaticRenewals.graceUntil, now),
        exists(
          query
            .select({ one: sql`1` })
            .from(renewalAttempts)
            .innerJoin(payments, eq(payments.id, renewalAttempts.paymentId))
            .where(
              and(
                eq(renewalAttempts.subscriberId, inRetry.id),
                eq(renewalAttempts.periodEnd, inRetry.subscriptionEndDate),
                eq(payments.status, 'failed'),
              ),
            ),
        ),
      ),
    );

/**
 * `renewal` (docs/decisions/052-automatic-renewal.md): automatic (on, with a saved card: what the
 * pass charges), manual, or declined and in retry. The first two read the subscriber's own copy of
 * the choice, an index range with the list's default order (ADR 052, "The list's renewal filter").
 */
export function renewalWhere(renewal: RenewalFilter | undefined, now: Date): SQL | undefined {
  if (renewal === 'automatic') return eq(subscribers.renewsAutomatically, true);
  if (renewal === 'manual') return eq(subscribers.renewsAutomatically, false);
  if (renewal === 'retrying') return inArray(subscribers.id, retryingIds(now));
  return undefined;
}

/** The export's rows: the list's filters, searched without paging (the list plans its own search). */
export function subscriberFilterWhere(
  filter: {
    status: 'all' | SubscriberStatus;
    search: string;
    endingWithinDays?: number | undefined;
    expiredWithinDays?: number | undefined;
    renewal?: RenewalFilter | undefined;
  },
  now: Date,
): SQL | undefined {
  return and(
    statusWhere(filter.status),
    endingWithinWhere(filter.endingWithinDays, now),
    expiredWithinWhere(filter.expiredWithinDays, now),
    renewalWhere(filter.renewal, now),
    searchCondition('subscribers', filter.search),
  );
}
