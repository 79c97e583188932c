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
 *
 * The database keeps that definition as spans (docs/decisions/044-active-members-kept-by-triggers.md):
 * the view `active_member_periods` and the triggers of migration `active_member_spans_triggers` write
 * each subscriber's periods, from approval on and merged, into `member_spans`, and count them by the
 * month they began and ended in `member_month_totals`. Spans of one subscriber never overlap, so the
 * members at T are the spans begun by T minus those ended by T: a read of the month totals (a row a
 * month) and, inside T's own month, of the spans that begin or end after T (an index range each).
 */
import { and, count, gt, lte } from 'drizzle-orm';
import { saoPauloMonthNumber, saoPauloMonthStart } from '../../shared/sao-paulo-time';
import { memberMonthTotals, memberSpans } from '../db/schema';
import type { Db } from '../db/client';

/** How many members are active at each of `instants`. */
export function countActiveMembers(db: Db, instants: readonly Date[]): number[] {
  if (instants.length === 0) return [];
  const months = db.select().from(memberMonthTotals).all();
  const after = (column: typeof memberSpans.startsAt | typeof memberSpans.endsAt, at: Date, monthEnd: Date) =>
    db
      .select({ n: count() })
      .from(memberSpans)
      .where(and(gt(column, at), lte(column, monthEnd)))
      .get()?.n ?? 0;
  return instants.map((at) => {
    const month = saoPauloMonthNumber(at);
    let members = 0;
    for (const row of months) if (row.month <= month) members += row.spansBegun - row.spansEnded;
    // The month's row counted every span that begins or ends in it, also after `at`.
    const monthEnd = new Date(saoPauloMonthStart(at, 1).getTime() - 1);
    if (at < monthEnd)
      members -= after(memberSpans.startsAt, at, monthEnd) - after(memberSpans.endsAt, at, monthEnd);
    return members;
  });
}
