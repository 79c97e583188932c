/** A payment as the back office lists it, and as its CSV export writes it. */
import { sql } from 'drizzle-orm';
import type { AdminPayment } from '../../shared/admin-schemas';
import { paymentMethodLabel, paymentStatusLabel, planLabel } from '../../shared/plans';
import { payments, subscribers, type Payment } from '../db/schema';
import { csvAmount, csvDateTime, csvIso, type CsvColumn } from '../lib/csv/export';

export const PAYMENT_SORT_COLUMNS = {
  createdAt: payments.createdAt,
  amount: payments.amount,
  status: payments.status,
} as const;

/**
 * The payment columns a list row shows: half of the table's, so a page reads and maps only what it
 * answers (the month close and the kept extra charges widened the table to 50 columns).
 */
export const ADMIN_PAYMENT_FIELDS = {
  id: payments.id,
  transactionId: payments.transactionId,
  subscriberId: payments.subscriberId,
  amount: payments.amount,
  status: payments.status,
  refundStatus: payments.refundStatus,
  refundReason: payments.refundReason,
  refundFailureReason: payments.refundFailureReason,
  method: payments.method,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  planType: payments.planType,
  provider: payments.provider,
  description: payments.description,
  failureReason: payments.failureReason,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  refundedAt: payments.refundedAt,
  verifyingSince: payments.verifyingSince,
  extraCharge: payments.extraCharge,
  extraChargeOf: payments.extraChargeOf,
  extraChargeKeptAt: payments.extraChargeKeptAt,
  chargedbackAt: payments.chargedbackAt,
  refundedAmount: payments.refundedAmount,
};

type PaymentRow = {
  payment: Pick<Payment, keyof typeof ADMIN_PAYMENT_FIELDS>;
  fullName: string;
  email: string;
};

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
    extraChargeKeptAt: payment.extraChargeKeptAt?.toISOString() ?? null,
    chargedbackAt: payment.chargedbackAt?.toISOString() ?? null,
    refundedAmount: payment.refundedAmount,
  };
}

/** What the payments CSV reads, raw as SQLite keeps it (instants in ms since the epoch). */
export const PAYMENT_EXPORT_FIELDS = {
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
  extraChargeKeptAt: sql<number | null>`${payments.extraChargeKeptAt}`,
  chargedbackAt: sql<number | null>`${payments.chargedbackAt}`,
  refundedAmount: payments.refundedAmount,
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
  extraChargeKeptAt: number | null;
  chargedbackAt: number | null;
  refundedAmount: number | null;
  method: Payment['method'];
  cardBrand: string | null;
  cardLast4: string | null;
  planType: string;
  transactionId: string | null;
  description: string;
  refundReason: string | null;
}

export const PAYMENT_EXPORT_COLUMNS: readonly CsvColumn<PaymentExportRow>[] = [
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
