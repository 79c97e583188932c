/**
 * "Active member at an instant": the one definition behind the dashboard's "Membros ativos" tile
 * and its members-by-month chart (docs/decisions/035-csv-dialect-and-active-members.md).
 *
 * A subscriber is an active member at instant T when, at T,
 * - a paid period of theirs is running: a `paid` payment (not refunded) whose period covers T —
 *   it begins when it was paid, or, for a renewal paid early, at the end it extended, and it ends
 *   at `period_end_date` (excluded: a period ending at 10:00 no longer counts at 10:00);
 * - the club has approved them (`approved_at` ≤ T): a paid newcomer awaiting approval is not a
 *   member yet, as `membershipInForce` (membership.ts) says;
 * - the record is not switched off (`inactive`). The record keeps no date for that, so a member an
 *   admin turned off leaves every point, past ones included.
 *
 * Cancelled members keep counting until their paid time runs out, as their access does. A "day" of
 * the chart is read at its last instant in São Paulo, the current month at now.
 */
import { and, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { paidPeriods, subscribers } from '../db/schema';
import type { Db } from '../db/client';

interface PaidPeriod {
  subscriberId: string;
  begin: number;
  end: number;
  approvedAt: number;
}

/** The definition, for one period and one instant (ms since the epoch). */
export function periodMakesActive(period: PaidPeriod, at: number): boolean {
  return period.begin <= at && at < period.end && period.approvedAt <= at;
}

/** How many members are active at each of `instants` (one read of the periods that may count). */
export function countActiveMembers(db: Db, instants: readonly Date[]): number[] {
  if (instants.length === 0) return [];
  const times = instants.map((instant) => instant.getTime());
  const first = Math.min(...times);
  const last = Math.max(...times);
  // The paid periods as the month totals count them (the view `paid_periods`, ADR 038).
  const periods: PaidPeriod[] = db
    .select({
      subscriberId: paidPeriods.subscriberId,
      begin: sql<number>`${paidPeriods.beginsAt}`,
      end: sql<number>`${paidPeriods.endsAt}`,
      approvedAt: sql<number>`${subscribers.approvedAt}`,
    })
    .from(paidPeriods)
    .innerJoin(subscribers, eq(subscribers.id, paidPeriods.subscriberId))
    .where(
      and(
        gt(paidPeriods.endsAt, new Date(first)),
        lte(paidPeriods.beginsAt, new Date(last)),
        isNotNull(subscribers.approvedAt),
        lte(subscribers.approvedAt, new Date(last)),
        ne(subscribers.status, 'inactive'),
      ),
    )
    .all();
  return times.map((at) => {
    const members = new Set<string>();
    for (const period of periods) if (periodMakesActive(period, at)) members.add(period.subscriberId);
    return members.size;
  });
}
