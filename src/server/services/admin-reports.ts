/**
 * What the back office reads about money and members: the payments list (filters, search, sort,
 * pages of 10) and the dashboard's figures, all computed from the data (docs/product/decisions.md §4: no
 * placeholders). Months are the club's calendar months in São Paulo time.
 */
import { and, asc, count, desc, eq, gte, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPayment,
  DashboardFigures,
  PaymentExportInput,
  PaymentListInput,
} from '../../shared/admin-schemas';
import { paymentMethodLabel, paymentStatusLabel, planLabel } from '../../shared/plans';
import { saoPauloMonthNumber, saoPauloMonthStart, saoPauloWallClock } from '../../shared/sao-paulo-time';
import {
  paidPeriods,
  paidRenewals,
  paymentMonthTotals,
  payments,
  subscribers,
  type Payment,
} from '../db/schema';
import { countActiveMembers } from './active-members';
import { csvAmount, csvDateTime, csvIso, csvStream, type CsvColumn } from './csv-export';
import type { ServiceDeps } from './deps';
import { endingWithinWhere } from './subscriber-admin';
import { planSearch, searchCondition, type SearchPlan } from './subscriber-search';

const DAY_MS = 24 * 3600 * 1000;
const MONTH_LABELS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

const monthStart = saoPauloMonthStart;
/** The `payment_month_totals` key of the São Paulo month holding `at`: yyyymm (as its triggers key it). */
const monthNumber = saoPauloMonthNumber;

function monthKey(start: Date): { month: string; label: string } {
  const { year, month } = saoPauloWallClock(start);
  return {
    month: `${year}-${String(month).padStart(2, '0')}`,
    label: `${MONTH_LABELS[month - 1]}/${String(year).slice(2)}`,
  };
}

const PAYMENT_SORT_COLUMNS = {
  createdAt: payments.createdAt,
  amount: payments.amount,
  status: payments.status,
} as const;

type PaymentRow = { payment: Payment; fullName: string; email: string };

export function toAdminPayment({ payment, fullName, email }: PaymentRow): AdminPayment {
  return {
    id: payment.id,
    _id: payment.id,
    transactionId: payment.transactionId,
    subscriberId: payment.subscriberId,
    subscriber: { fullName, email },
    amount: payment.amount,
    status: payment.status,
    statusLabel: paymentStatusLabel(payment.status, payment.refundStatus, payment),
    refundStatus: payment.refundStatus,
    refundReason: payment.refundReason,
    refundFailureReason: payment.refundFailureReason,
    method: payment.method,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    planType: payment.planType,
    provider: payment.provider,
    description: payment.description,
    failureReason: payment.failureReason,
    createdAt: payment.createdAt.toISOString(),
    date: (payment.paidAt ?? payment.createdAt).toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    verifying: payment.status === 'pending' && payment.verifyingSince !== null,
    extraCharge: payment.extraCharge,
    extraChargeOf: payment.extraChargeOf,
  };
}

/** What the payments CSV reads, raw as SQLite keeps it (instants in ms since the epoch). */
const PAYMENT_EXPORT_FIELDS = {
  id: payments.id,
  createdAt: sql<number>`${payments.createdAt}`,
  paidAt: sql<number | null>`${payments.paidAt}`,
  name: subscribers.name,
  email: subscribers.email,
  amount: payments.amount,
  status: payments.status,
  refundStatus: payments.refundStatus,
  verifyingSince: sql<number | null>`${payments.verifyingSince}`,
  extraCharge: payments.extraCharge,
  method: payments.method,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  planType: payments.planType,
  transactionId: payments.transactionId,
  description: payments.description,
  refundReason: payments.refundReason,
};
interface PaymentExportRow {
  id: string;
  createdAt: number;
  paidAt: number | null;
  name: string;
  email: string;
  amount: number;
  status: Payment['status'];
  refundStatus: Payment['refundStatus'];
  verifyingSince: number | null;
  extraCharge: Payment['extraCharge'];
  method: Payment['method'];
  cardBrand: string | null;
  cardLast4: string | null;
  planType: string;
  transactionId: string | null;
  description: string;
  refundReason: string | null;
}

const PAYMENT_EXPORT_COLUMNS: readonly CsvColumn<PaymentExportRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Criado em', value: (row) => csvDateTime(row.createdAt) },
  { header: 'Pago em', value: (row) => csvDateTime(row.paidAt) },
  { header: 'Assinante', value: (row) => row.name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Valor (R$)', value: (row) => csvAmount(row.amount) },
  { header: 'Status', value: (row) => paymentStatusLabel(row.status, row.refundStatus, row) },
  { header: 'Método', value: (row) => (row.method ? paymentMethodLabel(row.method) : '') },
  {
    header: 'Cartão',
    value: (row) => (row.cardLast4 ? `${row.cardBrand ?? ''} •••• ${row.cardLast4}`.trim() : ''),
  },
  { header: 'Plano', value: (row) => planLabel(row.planType) },
  { header: 'Transação', value: (row) => row.transactionId },
  { header: 'Descrição', value: (row) => row.description },
  { header: 'Motivo do reembolso', value: (row) => row.refundReason },
  // The exact instants, for a program reading the file.
  { header: 'criado_em_iso', value: (row) => csvIso(row.createdAt) },
  { header: 'pago_em_iso', value: (row) => csvIso(row.paidAt) },
];

export function createAdminReports({ db, clock }: ServiceDeps) {
  const paymentRows = () =>
    db
      .select({ payment: payments, fullName: subscribers.name, email: subscribers.email })
      .from(payments)
      .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId));

  /** Payments created within the last `days` (the dashboard's failed tile and its shortcut). */
  const createdWithinWhere = (days: number | undefined, now: Date) =>
    days === undefined ? undefined : gte(payments.createdAt, new Date(now.getTime() - days * DAY_MS));
  const filterWhere = (input: PaymentExportInput) =>
    and(
      input.status === 'all' ? undefined : eq(payments.status, input.status),
      input.method === 'all' ? undefined : eq(payments.method, input.method),
      createdWithinWhere(input.createdWithinDays, clock.now()),
    );
  // Ids are pasted whole: an exact match reads one index entry, a fragment every row.
  const exactId = (term: string) => or(eq(payments.transactionId, term), eq(payments.id, term));
  const searchWhere = (input: PaymentExportInput, plan: Pick<SearchPlan, 'where' | 'indexed'>) => {
    if (!plan.where) return undefined;
    const id = exactId(input.search.trim());
    // No payer matches (a pasted id, typically): the id's own indexes answer, nothing is walked.
    return plan.indexed?.matches === 0 ? id : or(plan.where, id);
  };

  /** Every payment the filters and the search select (the CSV export). */
  const paymentWhere = (input: PaymentExportInput) =>
    and(filterWhere(input), searchWhere(input, { where: searchCondition('payments', input.search) }));

  const countPayments = (where: SQL | undefined) =>
    db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0;

  const countSubscribers = (where: SQL | undefined) =>
    db.select({ n: count() }).from(subscribers).where(where).get()?.n ?? 0;

  return {
    /** `{ payments, pagination }` (docs/product/back-office-and-member-area.md §3). */
    listPayments(input: PaymentListInput) {
      const offset = (input.page - 1) * input.limit;
      const search = planSearch(db, 'payments', input.search, { offset, limit: input.limit });
      const where = and(filterWhere(input), searchWhere(input, search));
      // A search is counted by the index (or from its match list when filtered), plus a pasted id
      // the index does not match (an id's digits may match someone's phone).
      const filters = filterWhere(input);
      const { indexed } = search;
      const total = !indexed
        ? countPayments(where)
        : (filters ? countPayments(and(filters, indexed.inMatches)) : indexed.matches) +
          countPayments(and(filters, exactId(input.search.trim()), not(indexed.matchesRow)));
      const column = PAYMENT_SORT_COLUMNS[input.sortBy];
      const rows = paymentRows()
        .where(where)
        .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(payments.createdAt))
        .limit(input.limit)
        .offset(offset)
        .all();
      return {
        success: true as const,
        payments: rows.map(toAdminPayment),
        pagination: {
          page: input.page,
          limit: input.limit,
          total,
          pages: Math.max(1, Math.ceil(total / input.limit)),
        },
      };
    },

    /**
     * Every payment the list's filters select, in the list's order, as a CSV stream
     * (GET /api/admin/payments/export.csv). Card brand and last four digits only, as on screen.
     */
    exportPayments(input: PaymentExportInput) {
      const column = PAYMENT_SORT_COLUMNS[input.sortBy];
      const query = db
        .select(PAYMENT_EXPORT_FIELDS)
        .from(payments)
        .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
        .where(paymentWhere(input))
        .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(payments.createdAt));
      return csvStream(db, { query, fields: PAYMENT_EXPORT_FIELDS }, PAYMENT_EXPORT_COLUMNS);
    },

    dashboard(): DashboardFigures {
      const now = clock.now();
      const thisMonth = monthStart(now);
      const yearAgo = new Date(now.getTime() - 365 * DAY_MS);

      const pendingApprovals = countSubscribers(
        and(eq(subscribers.status, 'pending'), isNull(subscribers.approvedBy)),
      );
      // The same rule as the subscriber list's `endingWithinDays` filter the shortcut opens.
      const expiringIn30Days = countSubscribers(endingWithinWhere(30, now));
      // New members: subscribers whose first confirmed payment fell in this month — a range of the
      // index on `first_paid_at`, which triggers keep (ADR 026).
      const newMembersThisMonth = countSubscribers(gte(subscribers.firstPaidAt, thisMonth));
      const failedPaymentsLast30Days = countPayments(
        and(eq(payments.status, 'failed'), createdWithinWhere(30, now)),
      );

      // Whole-history money figures come from `payment_month_totals` (one row a month, kept by
      // triggers): revenue by the month it was paid; renewals by the month of the end they extended.
      const totals = new Map(
        db
          .select()
          .from(paymentMonthTotals)
          .all()
          .map((row) => [row.month, row]),
      );
      /**
       * How many of a month-totals column fall in [from, to]: whole months from the totals, the
       * two partial months at the ends counted from their rows (`rowsIn`, an index range each).
       */
      const inWindow = (
        column: 'periodsEnded' | 'periodsRenewed',
        rowsIn: (a: Date, b: Date) => number,
        from: Date,
        to: Date,
      ) => {
        const first = monthNumber(from);
        const last = monthNumber(to);
        if (first === last) return rowsIn(from, to);
        let whole = 0;
        for (const row of totals.values()) if (row.month > first && row.month < last) whole += row[column];
        return whole + rowsIn(from, new Date(monthStart(from, 1).getTime() - 1)) + rowsIn(monthStart(to), to);
      };

      // Renewal rate: of the paid periods that ended in the last 12 months, those that were
      // renewed — a renewal records the end it extended as its `previousEndDate`.
      const endedPeriods = inWindow(
        'periodsEnded',
        // Paid periods and renewals as the totals count them: the same views (ADR 038).
        (a, b) =>
          db
            .select({ n: count() })
            .from(paidPeriods)
            .where(and(gte(paidPeriods.endsAt, a), lte(paidPeriods.endsAt, b)))
            .get()?.n ?? 0,
        yearAgo,
        now,
      );
      const renewedPeriods = inWindow(
        'periodsRenewed',
        (a, b) =>
          db
            .select({ n: count() })
            .from(paidRenewals)
            .where(and(gte(paidRenewals.renewedEnd, a), lte(paidRenewals.renewedEnd, b)))
            .get()?.n ?? 0,
        yearAgo,
        now,
      );
      const renewalRate =
        endedPeriods > 0
          ? Math.round((Math.min(renewedPeriods, endedPeriods) / endedPeriods) * 1000) / 10
          : null;

      let revenueTotal = 0;
      for (const row of totals.values()) revenueTotal += row.revenue;
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
      const activeMembers = memberCounts.at(-1) ?? 0;

      const nextActions = [
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

      return {
        activeMembers,
        pendingApprovals,
        newMembersThisMonth,
        revenueThisMonth: totals.get(monthNumber(thisMonth))?.revenue ?? 0,
        revenueTotal,
        renewalRate,
        expiringIn30Days,
        failedPaymentsLast30Days,
        nextActions,
        latestPayments: paymentRows().orderBy(desc(payments.createdAt)).limit(5).all().map(toAdminPayment),
        revenueByMonth,
        activeMembersByMonth,
      };
    },
  };
}

export type AdminReports = ReturnType<typeof createAdminReports>;
