/**
 * The owner's month close (docs/decisions/054-month-close.md): every payment paid in one São Paulo
 * month and what became of it — refunded, an extra charge refunded or still to decide, disputed —
 * with the provider's fees and the net, by channel; the payments behind each figure; and the
 * accountant's CSV, streamed. Each figure's rule is written once below and read by the sums, the
 * lists and the file alike.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  MONTH_CLOSE_CHANNEL_LABELS,
  MONTH_CLOSE_MSG,
  type MonthCloseChannel,
  type MonthCloseFigure,
} from '../../shared/month-close';
import type {
  MonthCloseAnswer,
  MonthCloseLine,
  MonthClosePayment,
  MonthClosePaymentsInput,
} from '../../shared/month-close-schemas';
import { paymentStatusLabel } from '../../shared/plans';
import { saoPauloInstant } from '../../shared/sao-paulo-time';
import { payments, serviceInvoices, subscribers } from '../db/schema';
import { INVOICE_STATUS_LABELS } from '../../shared/invoice';
import { csvAmount, csvDate, csvIso, csvStream, type CsvColumn } from '../lib/csv/export';
import type { ServiceDeps } from '../lib/deps';
import { pageOffset, paginationOf } from '../lib/paging';

/** The month's bounds: from its first São Paulo midnight to the next month's. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: saoPauloInstant(year, number, 1), to: saoPauloInstant(year, number + 1, 1) };
}

/** Paid in the month: `paid`, or `refunded` after being paid (served by payments_status_paid_idx). */
const paidInMonth = (month: string): SQL => {
  const { from, to } = monthRange(month);
  return and(
    inArray(payments.status, ['paid', 'refunded']),
    gte(payments.paidAt, from),
    lt(payments.paidAt, to),
  ) as SQL;
};

const channel = sql<MonthCloseChannel>`case when ${payments.paymentLinkId} is not null then 'link' when ${payments.method} = 'pix' then 'pix' else 'card' end`;

// The rules, once. A disputed payment is a chargeback whatever else it was; an extra charge is
// never a refund of the club's revenue; a partial refund of a paid payment counts what went back.
const isChargeback = sql`${payments.chargedbackAt} is not null`;
const isExtra = sql`${payments.extraCharge} is not null`;
const RULES: Record<Exclude<MonthCloseFigure, 'gross' | 'net'>, SQL> = {
  refunds: sql`(not ${isExtra} and not ${isChargeback} and (${payments.status} = 'refunded' or coalesce(${payments.refundedAmount}, 0) > 0))`,
  extraRefunded: sql`(${isExtra} and not ${isChargeback} and ${payments.status} = 'refunded')`,
  // Kept by the owner: decided, the club's money like any payment (in the gross, in no deduction).
  extraPending: sql`(${isExtra} and ${payments.status} = 'paid' and ${payments.extraChargeKeptAt} is null)`,
  chargebacks: isChargeback,
  // Every charge has fees at the provider; an overpaid surplus rides on its payment's charge.
  fees: sql`not (${payments.extraCharge} = 'overpaid' and ${payments.providerChargeId} is null)`,
};
const refundedCents = sql`case when ${payments.status} = 'refunded' then ${payments.amount} else coalesce(${payments.refundedAmount}, 0) end`;
const sumWhen = (rule: SQL, cents: SQL = sql`${payments.amount}`) =>
  sql<number>`coalesce(sum(case when ${rule} then ${cents} else 0 end), 0)`;

const emptyLine = (): MonthCloseLine => ({
  gross: 0,
  refunds: 0,
  extraRefunded: 0,
  extraPending: 0,
  chargebacks: 0,
  fees: 0,
  feesUnknown: 0,
  net: 0,
  payments: 0,
});

/** Gross less what went back and what the provider kept; unknown while any fee is. */
function withNet(line: Omit<MonthCloseLine, 'net'>): MonthCloseLine {
  const net =
    line.feesUnknown > 0
      ? null
      : line.gross - line.refunds - line.extraRefunded - line.chargebacks - line.fees;
  return { ...line, net };
}

/** The month's figures by channel and in total, in one pass over the month's paid payments. */
export function monthClose({ db }: Pick<ServiceDeps, 'db'>, month: string): MonthCloseAnswer {
  const rows = db
    .select({
      channel,
      payments: count(),
      gross: sql<number>`coalesce(sum(${payments.amount}), 0)`,
      refunds: sumWhen(RULES.refunds, refundedCents),
      extraRefunded: sumWhen(RULES.extraRefunded),
      extraPending: sumWhen(RULES.extraPending),
      chargebacks: sumWhen(RULES.chargebacks),
      fees: sumWhen(RULES.fees, sql`coalesce(${payments.providerFee}, 0)`),
      feesUnknown: sumWhen(sql`${RULES.fees} and ${payments.providerFee} is null`, sql`1`),
    })
    .from(payments)
    .where(paidInMonth(month))
    .groupBy(channel)
    .all();
  const channels = { card: emptyLine(), pix: emptyLine(), link: emptyLine() };
  const total = emptyLine();
  for (const row of rows) {
    const { channel: name, ...figures } = row;
    channels[name] = withNet(figures);
    for (const key of Object.keys(figures) as (keyof typeof figures)[]) total[key] += figures[key];
  }
  const { from, to } = monthRange(month);
  return {
    month,
    from: from.toISOString(),
    to: new Date(to.getTime() - 1).toISOString(),
    total: withNet(total),
    channels,
  };
}

const figureWhere = (figure: MonthCloseFigure): SQL | undefined =>
  figure === 'gross' || figure === 'net' ? undefined : RULES[figure];

/** What a payment of the close shows, and what its CSV line writes (instants in ms). */
const CLOSE_FIELDS = {
  id: payments.id,
  paidAt: sql<number>`${payments.paidAt}`,
  name: subscribers.name,
  channel,
  providerChargeId: payments.providerChargeId,
  amount: payments.amount,
  status: payments.status,
  refundStatus: payments.refundStatus,
  extraCharge: payments.extraCharge,
  extraChargeKeptAt: sql<number | null>`${payments.extraChargeKeptAt}`,
  chargedbackAt: sql<number | null>`${payments.chargedbackAt}`,
  refundedAmount: payments.refundedAmount,
  providerFee: payments.providerFee,
  providerNet: payments.providerNet,
  payoutDate: sql<number | null>`${payments.payoutDate}`,
  invoiceNumber: serviceInvoices.number,
  invoiceStatus: serviceInvoices.status,
};
interface CloseRow {
  id: string;
  paidAt: number;
  name: string;
  channel: MonthCloseChannel;
  providerChargeId: string | null;
  amount: number;
  status: (typeof payments.$inferSelect)['status'];
  refundStatus: (typeof payments.$inferSelect)['refundStatus'];
  extraCharge: (typeof payments.$inferSelect)['extraCharge'];
  extraChargeKeptAt: number | null;
  chargedbackAt: number | null;
  refundedAmount: number | null;
  providerFee: number | null;
  providerNet: number | null;
  payoutDate: number | null;
  invoiceNumber: string | null;
  invoiceStatus: (typeof serviceInvoices.$inferSelect)['status'] | null;
}

const statusOf = (row: CloseRow) => paymentStatusLabel(row.status, row.refundStatus, row);

/** The payments behind one figure (of one channel, or all), newest first, by pages. */
export function monthClosePayments(deps: Pick<ServiceDeps, 'db'>, input: MonthClosePaymentsInput) {
  const where = and(
    paidInMonth(input.month),
    figureWhere(input.figure),
    input.channel ? eq(channel, input.channel) : undefined,
  );
  const total = deps.db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0;
  const rows = deps.db
    .select(CLOSE_FIELDS)
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .leftJoin(serviceInvoices, eq(serviceInvoices.paymentId, payments.id))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(input.limit)
    .offset(pageOffset(input))
    .all();
  return {
    payments: rows.map((row): MonthClosePayment => ({
      id: row.id,
      paidAt: new Date(row.paidAt).toISOString(),
      subscriberName: row.name,
      channel: row.channel,
      amount: row.amount,
      statusLabel: statusOf(row),
      fee: row.providerFee,
      net: row.providerNet,
      payoutDate: row.payoutDate === null ? null : new Date(row.payoutDate).toISOString(),
    })),
    pagination: paginationOf(input, total),
  };
}

/** Money for the accountant, or "a confirmar" where the provider has not said (never a zero). */
const csvFigure = (cents: number | null) => (cents === null ? MONTH_CLOSE_MSG.toConfirm : csvAmount(cents));

/**
 * The accountant's file (the one CSV dialect, ADR 035): one line per payment paid in the month,
 * oldest first, with its service invoice (NFS-e) when one was issued or typed (empty otherwise).
 */
export const MONTH_CLOSE_COLUMNS: readonly CsvColumn<CloseRow>[] = [
  { header: 'Pago em', value: (row) => csvDate(row.paidAt) },
  { header: 'Pagamento', value: (row) => row.id },
  { header: 'Cobrança no provedor', value: (row) => row.providerChargeId },
  { header: 'Assinante', value: (row) => row.name },
  { header: 'Canal', value: (row) => MONTH_CLOSE_CHANNEL_LABELS[row.channel] },
  { header: 'Situação', value: (row) => statusOf(row) },
  { header: 'Valor (R$)', value: (row) => csvAmount(row.amount) },
  {
    header: 'Devolvido (R$)',
    value: (row) => csvAmount(row.status === 'refunded' ? row.amount : (row.refundedAmount ?? 0)),
  },
  { header: 'Taxa do provedor (R$)', value: (row) => csvFigure(row.providerFee) },
  { header: 'Líquido do provedor (R$)', value: (row) => csvFigure(row.providerNet) },
  {
    header: 'Previsão de repasse',
    value: (row) => (row.payoutDate === null ? MONTH_CLOSE_MSG.toConfirm : csvDate(row.payoutDate)),
  },
  { header: 'Nota fiscal (NFS-e)', value: (row) => row.invoiceNumber ?? '' },
  {
    header: 'Situação da nota fiscal',
    value: (row) => (row.invoiceStatus ? INVOICE_STATUS_LABELS[row.invoiceStatus] : ''),
  },
  { header: 'pago_em_iso', value: (row) => csvIso(row.paidAt) },
];

/** The month's payments as the accountant's CSV, read on a connection of its own (bounded memory). */
export function exportMonthClose({ db }: Pick<ServiceDeps, 'db'>, month: string) {
  const query = db
    .select(CLOSE_FIELDS)
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .leftJoin(serviceInvoices, eq(serviceInvoices.paymentId, payments.id))
    .where(paidInMonth(month))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return csvStream(db, { query, fields: CLOSE_FIELDS }, MONTH_CLOSE_COLUMNS);
}
