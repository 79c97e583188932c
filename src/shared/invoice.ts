/**
 * A payment's service invoice (NFS-e) as the owner and the member see it
 * (docs/product/service-invoices.md): its state's label, and the number an owner may type.
 */
import { z } from 'zod';
import { recordId } from './record-id';

export const INVOICE_STATUSES = [
  'issuing',
  'authorized',
  'rejected',
  'cancelling',
  'cancelled',
  'unknown',
] as const;

export const INVOICE_STATUS_LABELS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  issuing: 'Em emissão',
  unknown: 'Em verificação',
  authorized: 'Emitida',
  rejected: 'Recusada',
  cancelling: 'Em cancelamento',
  cancelled: 'Cancelada',
};

export const INVOICE_SCREEN_MSG = {
  numberInvalid: 'Número da nota fiscal inválido: use só algarismos (até 15).',
  saved: 'Número da nota fiscal registrado',
  saveFailed: 'Não foi possível registrar o número da nota fiscal. Tente novamente.',
} as const;

/** The owner's view: the state, the number and link, and the provider's refusal when there is one. */
export const adminInvoice = z.object({
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  /** `manual`: a number the owner typed for an invoice issued elsewhere. */
  source: z.enum(['focusnfe', 'sandbox', 'manual']),
  number: z.string().nullable(),
  url: z.string().nullable(),
  providerError: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoice>;

/** The member's view: only an invoice that has a number. */
export const memberInvoice = z.object({
  number: z.string(),
  url: z.string().nullable(),
  cancelled: z.boolean(),
});
export type MemberInvoice = z.infer<typeof memberInvoice>;

/** NFS-e numbers are numeric, up to 15 digits; spaces around are ignored. */
export const invoiceNumberField = z
  .string({ error: INVOICE_SCREEN_MSG.numberInvalid })
  .trim()
  .regex(/^\d{1,15}$/, INVOICE_SCREEN_MSG.numberInvalid);

export const recordInvoiceNumberInput = z.object({
  paymentId: recordId,
  number: invoiceNumberField,
});
