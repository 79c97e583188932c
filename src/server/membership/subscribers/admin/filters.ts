/** The back office list's filters and sort columns; the CSV export shares them. */
import { and, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../../shared/plans';
import { subscribers } from '../../../db/schema';
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

/** The export's rows: the list's filters, searched without paging (the list plans its own search). */
export function subscriberFilterWhere(
  filter: {
    status: 'all' | SubscriberStatus;
    search: string;
    endingWithinDays?: number | undefined;
    expiredWithinDays?: number | undefined;
  },
  now: Date,
): SQL | undefined {
  return and(
    statusWhere(filter.status),
    endingWithinWhere(filter.endingWithinDays, now),
    expiredWithinWhere(filter.expiredWithinDays, now),
    searchCondition('subscribers', filter.search),
  );
}
