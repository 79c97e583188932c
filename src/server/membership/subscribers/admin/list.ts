import { and, asc, count, desc, type SQL } from 'drizzle-orm';
import type { SubscriberListInput } from '../../../../shared/subscriber-schemas';
import { subscribers } from '../../../db/schema';
import type { ServiceDeps } from '../../../lib/deps';
import { planSearch } from '../search';
import { endingWithinWhere, expiredWithinWhere, renewalWhere, SORT_COLUMNS, statusWhere } from './filters';
import { toSubscriberRecord } from './records';
import { pageOffset, paginationOf } from '../../../lib/paging';

/** `{ subscribers, pagination }`, filtered, searched and sorted (docs/product/back-office-and-member-area.md §3). */
export function list({ db, clock }: ServiceDeps, input: SubscriberListInput) {
  const offset = pageOffset(input);
  const search = planSearch(db, 'subscribers', input.search, { offset, limit: input.limit });
  const now = clock.now();
  const filters = and(
    statusWhere(input.status),
    endingWithinWhere(input.endingWithinDays, now),
    expiredWithinWhere(input.expiredWithinDays, now),
    renewalWhere(input.renewal, now),
  );
  const where = and(filters, search.where);
  const countWhere = (condition: SQL | undefined) =>
    db.select({ total: count() }).from(subscribers).where(condition).get()?.total ?? 0;
  // A search is counted by the index alone, or with the other filters from the match list.
  const total = !search.indexed
    ? countWhere(where)
    : filters
      ? countWhere(and(filters, search.indexed.inMatches))
      : search.indexed.matches;
  const column = SORT_COLUMNS[input.sortBy];
  const rows = db
    .select()
    .from(subscribers)
    .where(where)
    .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(subscribers.createdAt))
    .limit(input.limit)
    .offset(offset)
    .all();
  return {
    success: true as const,
    subscribers: rows.map(toSubscriberRecord),
    pagination: paginationOf(input, total),
  };
}
