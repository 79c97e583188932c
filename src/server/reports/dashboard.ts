/**
 * The dashboard's figures, all computed from the data (docs/product/decisions.md §4: no
 * placeholders). Months are the club's calendar months in São Paulo time.
 */
import { and, count, desc, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { DashboardFigures } from '../../shared/admin-schemas';
import {
  DAY_MS,
  saoPauloMonthNumber,
  saoPauloMonthStart,
  saoPauloWallClock,
} from '../../shared/sao-paulo-time';
import { paidPeriods, paidRenewals, paymentMonthTotals, payments, subscribers } from '../db/schema';
import { countActiveMembers } from '../membership/active-members';
import type { ServiceDeps } from '../lib/deps';
import { endingWithinWhere, renewalWhere } from '../membership/subscribers/admin/filters';
import { countPayments, createdWithinWhere, paymentRows } from './payment-list';
import { toAdminPayment } from './payment-rows';
const MONTH_LABELS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

const monthStart = saoPauloMonthStart;
/** The `payment_month_totals` key of the São Paulo month holding `at`: yyyymm (as its triggers key it). */
const monthNumber = saoPauloMonthNumber;

type Db = ServiceDeps['db'];
type MonthTotals = Map<number, typeof paymentMonthTotals.$inferSelect>;

function monthKey(start: Date): { month: string; label: string } {
  const { year, month } = saoPauloWallClock(start);
  return {
    month: `${year}-${String(month).padStart(2, '0')}`,
    label: `${MONTH_LABELS[month - 1]}/${String(year).slice(2)}`,
  };
}

const countSubscribers = (db: Db, where: SQL | undefined) =>
  db.select({ n: count() }).from(subscribers).where(where).get()?.n ?? 0;

/**
 * New members since `from`: subscribers whose first confirmed payment (paid, or paid and later
 * refunded) was paid then. The date is the subscriber's `first_paid_at`, kept by the triggers on
 * `payments` (ADR 050, "The first payment's date, kept"): an index range, whatever the month holds.
 */
const countNewMembers = (db: Db, from: Date) => countSubscribers(db, gte(subscribers.firstPaidAt, from));

/** The tiles that count rows: approvals waiting, renewals due, new members, failed payments. */
function tileCounts({ db }: Pick<ServiceDeps, 'db'>, now: Date) {
  const expiringIn30Days = countSubscribers(db, endingWithinWhere(30, now));
  const renewalsDueAutomatic = countSubscribers(
    db,
    and(endingWithinWhere(30, now), renewalWhere('automatic', now)),
  );
  return {
    pendingApprovals: countSubscribers(
      db,
      and(eq(subscribers.status, 'pending'), isNull(subscribers.approvedBy)),
    ),
    // The same rule as the subscriber list's `endingWithinDays` filter the shortcut opens.
    expiringIn30Days,
    // Those split by how they renew, and the automatic renewals declined and in retry: the rules of
    // the list's `renewal` filter the figures open (docs/decisions/052-automatic-renewal.md).
    // `manual` is every member `automatic` leaves out, so the manual figure is the difference.
    renewalsDueAutomatic,
    renewalsDueManual: expiringIn30Days - renewalsDueAutomatic,
    automaticRenewalsRetrying: countSubscribers(db, renewalWhere('retrying', now)),
    newMembersThisMonth: countNewMembers(db, monthStart(now)),
    failedPaymentsLast30Days: countPayments(
      { db },
      and(eq(payments.status, 'failed'), createdWithinWhere(30, now)),
    ),
  };
}

/**
 * How many of a month-totals column fall in [from, to]: whole months from the totals, the
 * two partial months at the ends counted from their rows (`rowsIn`, an index range each).
 */
function inWindow(
  totals: MonthTotals,
  column: 'periodsEnded' | 'periodsRenewed',
  rowsIn: (a: Date, b: Date) => number,
  from: Date,
  to: Date,
) {
  const first = monthNumber(from);
  const last = monthNumber(to);
  if (first === last) return rowsIn(from, to);
  let whole = 0;
  for (const row of totals.values()) if (row.month > first && row.month < last) whole += row[column];
  return whole + rowsIn(from, new Date(monthStart(from, 1).getTime() - 1)) + rowsIn(monthStart(to), to);
}

/**
 * Renewal rate: of the paid periods that ended in the last 12 months, those that were renewed —
 * a renewal records the end it extended as its `previousEndDate`. Paid periods and renewals as
 * the totals count them: the same views (ADR 038).
 */
function renewalRate(db: Db, totals: MonthTotals, now: Date): number | null {
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
  const ended = (a: Date, b: Date) =>
    db
      .select({ n: count() })
      .from(paidPeriods)
      .where(and(gte(paidPeriods.endsAt, a), lte(paidPeriods.endsAt, b)))
      .get()?.n ?? 0;
  const renewed = (a: Date, b: Date) =>
    db
      .select({ n: count() })
      .from(paidRenewals)
      .where(and(gte(paidRenewals.renewedEnd, a), lte(paidRenewals.renewedEnd, b)))
      .get()?.n ?? 0;
  const endedPeriods = inWindow(totals, 'periodsEnded', ended, yearAgo, now);
  const renewedPeriods = inWindow(totals, 'periodsRenewed', renewed, yearAgo, now);
  return endedPeriods > 0
    ? Math.round((Math.min(renewedPeriods, endedPeriods) / endedPeriods) * 1000) / 10
    : null;
}

/** The last 12 months: revenue by the month it was paid, and active members at each month's end. */
function monthlySeries(db: Db, totals: MonthTotals, now: Date) {
  const revenueByMonth = [];
  const months = [];
  for (let offset = -11; offset <= 0; offset++) {
    const start = monthStart(now, offset);
    revenueByMonth.push({ ...monthKey(start), value: totals.get(monthNumber(start))?.revenue ?? 0 });
    months.push(start);
  }
  // Members at each month's last instant, the month under way at now; the tile is that last
  // point: one definition of an active member for both (services/active-members.ts).
  const instants = months.map((start, index) =>
    index === months.length - 1 ? now : new Date(monthStart(start, 1).getTime() - 1),
  );
  const memberCounts = countActiveMembers(db, instants);
  const activeMembersByMonth = months.map((start, index) => ({
    ...monthKey(start),
    value: memberCounts[index] ?? 0,
  }));
  return { revenueByMonth, activeMembersByMonth, activeMembers: memberCounts.at(-1) ?? 0 };
}

function nextActions(counts: ReturnType<typeof tileCounts>): DashboardFigures['nextActions'] {
  const { pendingApprovals, expiringIn30Days, failedPaymentsLast30Days } = counts;
  return [
    { kind: 'approve', count: pendingApprovals, text: `Aprovar ${pendingApprovals} cadastro(s) pago(s)` },
    {
      kind: 'renew',
      count: expiringIn30Days,
      text: `Enviar renovação para ${expiringIn30Days} confrade(s) com vencimento em até 30 dias`,
    },
    {
      kind: 'failed',
      count: failedPaymentsLast30Days,
      text: `Revisar ${failedPaymentsLast30Days} pagamento(s) com falha nos últimos 30 dias`,
    },
  ].filter((action) => action.count > 0);
}

export function dashboard(deps: ServiceDeps): DashboardFigures {
  const { db, clock } = deps;
  const now = clock.now();
  const counts = tileCounts(deps, now);
  // Whole-history money figures come from `payment_month_totals` (one row a month, kept by
  // triggers): revenue by the month it was paid; renewals by the month of the end they extended.
  const totals: MonthTotals = new Map(
    db
      .select()
      .from(paymentMonthTotals)
      .all()
      .map((row) => [row.month, row]),
  );
  let revenueTotal = 0;
  for (const row of totals.values()) revenueTotal += row.revenue;
  const series = monthlySeries(db, totals, now);
  return {
    activeMembers: series.activeMembers,
    pendingApprovals: counts.pendingApprovals,
    newMembersThisMonth: counts.newMembersThisMonth,
    revenueThisMonth: totals.get(monthNumber(monthStart(now)))?.revenue ?? 0,
    revenueTotal,
    renewalRate: renewalRate(db, totals, now),
    expiringIn30Days: counts.expiringIn30Days,
    renewalsDueAutomatic: counts.renewalsDueAutomatic,
    renewalsDueManual: counts.renewalsDueManual,
    automaticRenewalsRetrying: counts.automaticRenewalsRetrying,
    failedPaymentsLast30Days: counts.failedPaymentsLast30Days,
    nextActions: nextActions(counts),
    latestPayments: paymentRows(deps).orderBy(desc(payments.createdAt)).limit(5).all().map(toAdminPayment),
    revenueByMonth: series.revenueByMonth,
    activeMembersByMonth: series.activeMembersByMonth,
  };
}
