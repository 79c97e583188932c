/**
 * A paid payment's receipt (docs/product/back-office-and-member-area.md, "Recibos"): the data the
 * server answers, and the one list of lines that both the printable page and the PDF show, so the
 * two can never say different things.
 */
import { z } from 'zod';
import { formatDate, formatDateTime, formatMoney } from './format';
import { formatCpf } from './fields/rules';
import { PAYMENT_METHODS, paymentMethodLabel } from './plans';
import { saoPauloCalendarDay } from './sao-paulo-time';
import { formatTaxId } from './tax-id';

export const RECEIPT_MSG = {
  title: 'Recibo de pagamento',
  notFound: 'Recibo não encontrado',
  notPaid: 'Este pagamento ainda não foi confirmado: o recibo fica disponível quando ele for pago.',
  loadFailed: 'Não foi possível carregar o recibo. Tente novamente.',
  refunded: (date: string) => `Pagamento reembolsado em ${date}: o valor foi devolvido ao pagador.`,
  refundProcessing: 'Reembolso em processamento: o valor está sendo devolvido ao pagador.',
  chargedback: (date: string) => `Pagamento contestado junto à operadora do cartão em ${date}.`,
  noTaxId: 'CNPJ ou CPF do clube não informado nas Configurações',
} as const;

export const receiptSchema = z.object({
  /** The payment's id: one receipt per payment, so its number never changes. */
  number: z.string(),
  clubName: z.string(),
  /** Compact CNPJ or CPF from the settings; null until the owner types it. */
  clubTaxId: z.string().nullable(),
  payerName: z.string(),
  payerCpf: z.string().nullable(),
  description: z.string(),
  /** What the payment bought, when it bought a period (an extra charge bought none). */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  paidAt: z.string(),
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  providerChargeId: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundProcessing: z.boolean(),
  chargedbackAt: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptResponse = z.object({ success: z.literal(true), receipt: receiptSchema });
export const receiptInput = z.object({
  paymentId: z
    .string({ error: RECEIPT_MSG.notFound })
    .min(1, RECEIPT_MSG.notFound)
    .max(64, RECEIPT_MSG.notFound),
});

/** Money was received: a paid payment, or a refunded one (it was paid first). */
export function hasReceipt(payment: { status: string; paidAt: Date | string | null }): boolean {
  return payment.paidAt !== null && (payment.status === 'paid' || payment.status === 'refunded');
}

const PROVIDER_NAMES: Record<string, string> = { pagarme: 'Pagar.me', sandbox: 'Sandbox (simulado)' };

function methodText(receipt: Receipt): string {
  const label = paymentMethodLabel(receipt.method);
  if (receipt.method !== 'credit_card' || !receipt.cardLast4) return label;
  const brand = receipt.cardBrand ? ` ${receipt.cardBrand}` : '';
  return `${label}${brand} final ${receipt.cardLast4}`;
}

function providerText(receipt: Receipt): string {
  const ids = [
    receipt.providerOrderId && `pedido ${receipt.providerOrderId}`,
    receipt.providerChargeId && `cobrança ${receipt.providerChargeId}`,
  ].filter(Boolean);
  const name = PROVIDER_NAMES[receipt.provider] ?? receipt.provider;
  return ids.length > 0 ? `${name}: ${ids.join(', ')}` : name;
}

/** "Recebemos de … a quantia de …": the sentence that makes it a receipt. */
export function receiptStatement(receipt: Receipt): string {
  return `Recebemos de ${receipt.payerName} a quantia de ${formatMoney(receipt.amount)}, referente a ${receipt.description}.`;
}

/** The receipt's lines, in order, as label and value. */
export function receiptRows(receipt: Receipt): { label: string; value: string }[] {
  const rows = [
    { label: 'Recibo nº', value: receipt.number },
    { label: 'Recebedor', value: receipt.clubName },
    {
      label: 'CNPJ/CPF do recebedor',
      value: receipt.clubTaxId ? formatTaxId(receipt.clubTaxId) : RECEIPT_MSG.noTaxId,
    },
    { label: 'Pagador', value: receipt.payerName },
    ...(receipt.payerCpf ? [{ label: 'CPF do pagador', value: formatCpf(receipt.payerCpf) }] : []),
    { label: 'Referente a', value: receipt.description },
    ...(receipt.periodStart && receipt.periodEnd
      ? [{ label: 'Período', value: `${formatDate(receipt.periodStart)} a ${formatDate(receipt.periodEnd)}` }]
      : []),
    { label: 'Valor', value: formatMoney(receipt.amount) },
    { label: 'Forma de pagamento', value: methodText(receipt) },
    { label: 'Pago em', value: `${formatDateTime(receipt.paidAt)} (horário de Brasília)` },
    { label: 'Identificação no provedor', value: providerText(receipt) },
  ];
  return rows;
}

/** What happened to the money after it was paid, when something did. */
export function receiptNotice(receipt: Receipt): string | null {
  if (receipt.refundedAt) return RECEIPT_MSG.refunded(formatDate(receipt.refundedAt));
  if (receipt.refundProcessing) return RECEIPT_MSG.refundProcessing;
  if (receipt.chargedbackAt) return RECEIPT_MSG.chargedback(formatDate(receipt.chargedbackAt));
  return null;
}

/** `recibo-2026-11-29-a1b2c3d4.pdf`: São Paulo's payment date and the number's start. */
export function receiptFileName(receipt: Pick<Receipt, 'number' | 'paidAt'>): string {
  return `recibo-${saoPauloCalendarDay(new Date(receipt.paidAt))}-${receipt.number.slice(0, 8)}.pdf`;
}
