/**
 * The owner's month close ("Fechamento do mês", docs/decisions/054-month-close.md): the payments
 * paid in one São Paulo month and what became of them, by channel, with the provider's fees.
 * Amounts are integer cents; a figure the provider has not given yet is null ("a confirmar").
 */
import { z } from 'zod';
import { MONTH_CLOSE_CHANNELS, MONTH_CLOSE_FIGURES, MONTH_CLOSE_MSG } from './month-close';

/** "2026-11": a São Paulo calendar month. */
export const monthField = z
  .string({ error: MONTH_CLOSE_MSG.monthInvalid })
  .regex(/^(20\d{2})-(0[1-9]|1[0-2])$/, MONTH_CLOSE_MSG.monthInvalid);

export const monthCloseInput = z.object({ month: monthField });
export type MonthCloseInput = z.output<typeof monthCloseInput>;

export const monthClosePaymentsInput = z.object({
  month: monthField,
  figure: z.enum(MONTH_CLOSE_FIGURES, { error: MONTH_CLOSE_MSG.figureInvalid }),
  channel: z.enum(MONTH_CLOSE_CHANNELS, { error: MONTH_CLOSE_MSG.figureInvalid }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type MonthClosePaymentsInput = z.output<typeof monthClosePaymentsInput>;

/** One line of the close (a channel, or the total): cents and how many payments. */
export const monthCloseLine = z.object({
  gross: z.number().int(),
  refunds: z.number().int(),
  extraRefunded: z.number().int(),
  extraPending: z.number().int(),
  chargebacks: z.number().int(),
  /** The fees the provider gave; `feesUnknown` payments still lack theirs. */
  fees: z.number().int(),
  feesUnknown: z.number().int(),
  /** Null while any fee is unknown: never a net that counts a missing fee as zero. */
  net: z.number().int().nullable(),
  payments: z.number().int(),
});
export type MonthCloseLine = z.output<typeof monthCloseLine>;

export const monthCloseAnswer = z.object({
  month: z.string(),
  /** dd/mm/aaaa of the month's first and last day. */
  from: z.string(),
  to: z.string(),
  total: monthCloseLine,
  channels: z.object({ card: monthCloseLine, pix: monthCloseLine, link: monthCloseLine }),
});
export type MonthCloseAnswer = z.output<typeof monthCloseAnswer>;

/** A payment behind a figure, with the provider's figures as on the accountant's file. */
export const monthClosePayment = z.object({
  id: z.string(),
  paidAt: z.string(),
  subscriberName: z.string(),
  channel: z.enum(MONTH_CLOSE_CHANNELS),
  amount: z.number().int(),
  statusLabel: z.string(),
  fee: z.number().int().nullable(),
  net: z.number().int().nullable(),
  payoutDate: z.string().nullable(),
});
export type MonthClosePayment = z.output<typeof monthClosePayment>;
