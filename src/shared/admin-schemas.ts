/**
 * The back office's payments list and dashboard (docs/product/back-office-and-member-area.md §2–§3, §7): filters, the shapes
 * both transports answer, and the screens' messages of docs/product/back-office-and-member-area.md §8.
 */
import { adminInvoice } from './invoice';
import { z } from 'zod';
import { PAYMENT_EXCEPTIONS, PAYMENT_SORTS, type PaymentException } from './list-choices';
import { EXTRA_CHARGES, PAYMENT_METHODS, PAYMENT_STATUSES } from './plans';
import './zod-config';
import { FIELD_LIMITS } from './fields/limits';

export const ADMIN_MSG = {
  paymentsLoadFailed: 'Erro ao carregar pagamentos',
  dashboardLoadFailed: 'Erro ao carregar dados do dashboard',
  refundFailed: 'Erro ao reembolsar pagamento',
  refundExtraQuestion: (amount: string) =>
    `Reembolsar ${amount}? O valor volta ao cartão ou à conta de quem pagou, e o reembolso não pode ser desfeito.`,
  refundProcessFailed: 'Erro ao processar reembolso',
  refundReasonRequired: 'Motivo do reembolso é obrigatório',
  refundDone: 'Pagamento reembolsado.',
  keepExtraQuestion: (amount: string) =>
    `Manter ${amount} como receita do clube? O valor não será devolvido e passa a contar no faturamento.`,
  keepExtraDone: 'Cobrança extra mantida: o valor passa a contar como receita do clube.',
  keepExtraAlready: 'Esta cobrança extra já tinha sido mantida: nada mudou.',
  keepExtraFailed: 'Erro ao manter a cobrança extra',
  refundStarted: 'Reembolso solicitado: o provedor está processando (Reembolso em processamento).',
  exportFailed: 'Erro ao exportar pagamentos',
  // Payment detail (ADR 030).
  detailLoadFailed: 'Erro ao carregar o histórico do pagamento',
  createdWithinDaysInvalid: 'Informe um número de dias entre 1 e 366 para o período.',
  exceptionInvalid: 'Exceção inválida: use duplicate, verifying ou chargeback.',
} as const;

/**
 * The payments that need the owner (ADR 046, "exceptions as lists"): a second charge
 * ("Cobrança duplicada"), an attempt whose answer was lost ("Em verificação"), and a card
 * chargeback. The list, its CSV and the dashboard's shortcuts read the same `exception` filter.
 */
export const PAYMENT_EXCEPTION_LABELS: Record<PaymentException, string> = {
  duplicate: 'Cobrança duplicada',
  verifying: 'Em verificação',
  chargeback: 'Chargeback (contestação)',
};

export const PAYMENT_PAGE_SIZE = 10;

/** The filters and sort of the payments list, shared by the list and its CSV export. */
const paymentFilterFields = {
  status: z.union([z.literal('all'), z.enum(PAYMENT_STATUSES)]).default('all'),
  method: z.union([z.literal('all'), z.enum(PAYMENT_METHODS)]).default('all'),
  search: z.string().trim().max(120).default(''),
  /** Only payments created in the last N days (the dashboard's failed-payments shortcut, ADR 034). */
  createdWithinDays: z.coerce
    .number({ error: ADMIN_MSG.createdWithinDaysInvalid })
    .int({ error: ADMIN_MSG.createdWithinDaysInvalid })
    .min(1, { error: ADMIN_MSG.createdWithinDaysInvalid })
    .max(366, { error: ADMIN_MSG.createdWithinDaysInvalid })
    .optional(),
  exception: z.enum(PAYMENT_EXCEPTIONS, { error: ADMIN_MSG.exceptionInvalid }).optional(),
  sortBy: z.enum(PAYMENT_SORTS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};
const PAYMENT_FILTER_DEFAULTS = {
  status: 'all',
  method: 'all',
  search: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
} as const;

export const paymentListInput = z
  .object({
    ...paymentFilterFields,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(PAYMENT_PAGE_SIZE),
  })
  .default({ ...PAYMENT_FILTER_DEFAULTS, page: 1, limit: PAYMENT_PAGE_SIZE });
export type PaymentListInput = z.output<typeof paymentListInput>;

/** `GET /api/admin/payments/export.csv`: every payment the list's filters select, in its order. */
export const paymentExportInput = z.object(paymentFilterFields).default(PAYMENT_FILTER_DEFAULTS);
export type PaymentExportInput = z.output<typeof paymentExportInput>;

/** The refund modal's form and the refund's body (docs/product/back-office-and-member-area.md §5: reason required). */
export const refundReasonInput = z.object({
  reason: z
    .string({ error: ADMIN_MSG.refundReasonRequired })
    .trim()
    .min(1, ADMIN_MSG.refundReasonRequired)
    .max(FIELD_LIMITS.reason, `Motivo do reembolso: no máximo ${FIELD_LIMITS.reason} caracteres`),
});
export type RefundReasonInput = z.input<typeof refundReasonInput>;

/** A payment as the back office sees it (docs/product/back-office-and-member-area.md §3); card brand and last four only. */
export const adminPayment = z.object({
  id: z.string(),
  _id: z.string(),
  transactionId: z.string().nullable(),
  subscriberId: z.string(),
  subscriber: z.object({ fullName: z.string(), email: z.string() }),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  statusLabel: z.string(),
  refundStatus: z.enum(['processing', 'failed']).nullable(),
  refundReason: z.string().nullable(),
  refundFailureReason: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  planType: z.string(),
  provider: z.string(),
  description: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  date: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  // Lost answers and extra charges (ADR 030).
  /** The provider's answer to the attempt was lost: "Em verificação" until its order is found. */
  verifying: z.boolean(),
  /** Money that bought nothing, for the owner to refund: "Cobrança duplicada" / "Valor recebido a menor". */
  extraCharge: z.enum(EXTRA_CHARGES).nullable(),
  /** The payment an extra charge was for. */
  extraChargeOf: z.string().nullable(),
  /** When the owner kept the extra charge as the club's money: it counts as revenue. */
  extraChargeKeptAt: z.string().nullable(),
  // Refunds and disputes (ADR 030).
  /** When the provider reported the charge disputed (chargeback): "Contestado (chargeback)". */
  chargedbackAt: z.string().nullable(),
  /** Cents given back of a payment still paid (a partial refund made in the provider's dashboard). */
  refundedAmount: z.number().int().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

const monthFigure = z.object({ month: z.string(), label: z.string(), value: z.number() });

export const dashboardFigures = z.object({
  activeMembers: z.number().int(),
  pendingApprovals: z.number().int(),
  newMembersThisMonth: z.number().int(),
  revenueThisMonth: z.number().int(),
  revenueTotal: z.number().int(),
  /** Share (0–100, one decimal) of the periods ended in the last 12 months that were renewed; null with none. */
  renewalRate: z.number().nullable(),
  expiringIn30Days: z.number().int(),
  /** Of those, the members with automatic renewal on (`?renewal=automatic`) and the others. */
  renewalsDueAutomatic: z.number().int(),
  renewalsDueManual: z.number().int(),
  /** Automatic renewals declined with retries still ahead (`?renewal=retrying`). */
  automaticRenewalsRetrying: z.number().int(),
  failedPaymentsLast30Days: z.number().int(),
  nextActions: z.array(z.object({ kind: z.string(), count: z.number().int(), text: z.string() })),
  latestPayments: z.array(adminPayment),
  revenueByMonth: z.array(monthFigure),
  activeMembersByMonth: z.array(monthFigure),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

// ---------------------------------------------------------------- payment detail (ADR 030)

/** One line of a payment's history as the owner reads it (never a webhook body or personal data). */
export const paymentHistoryEntry = z.object({
  at: z.string(),
  source: z.enum(['checkout', 'webhook', 'reconciliation', 'tracking', 'admin', 'renewal']),
  sourceLabel: z.string(),
  text: z.string(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntry>;

/** `GET /api/admin/payments/:paymentId`: the provider's ids, the attempts, extra charges and history. */
export const adminPaymentDetail = z.object({
  success: z.literal(true),
  payment: adminPayment.extend({
    providerOrderId: z.string().nullable(),
    providerChargeId: z.string().nullable(),
    /** Attempts sent to the provider for this payment (in-page checkout); 0 for a link's payment. */
    attempts: z.number().int(),
    paymentLinkId: z.string().nullable(),
  }),
  /** Extra charges of this payment (or of its link): each refundable in one click while paid. */
  extraCharges: z.array(adminPayment),
  history: z.array(paymentHistoryEntry),
  /** Its service invoice (NFS-e), or a number typed by the owner; null when it has none. */
  invoice: adminInvoice.nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetail>;
