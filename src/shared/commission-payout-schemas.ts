/**
 * Commissions paid in one batch (ADR 046): the member's
 * PIX key for receiving them, the back office's list of commissions due grouped by referrer, the
 * payment of the batch and its bank file.
 */
import { z } from 'zod';
import { currentPassword } from './member-schemas';
import { normalizePixKey, PIX_KEY_MSG, PIX_KEY_TYPES } from './pix-key';
import { recordId } from './record-id';

/** At most this many commissions in one batch: more are left for the next one. */
export const COMMISSION_BATCH_MAX = 100;

export const PAYOUT_PIX_KEY_MSG = {
  saved: 'Chave PIX salva. Suas próximas comissões serão pagas nela.',
  removed: 'Chave PIX removida. Sem chave, suas comissões ficam aguardando até você informar uma.',
  unchanged: 'Esta já é a sua chave PIX: nada foi alterado.',
  noneToRemove: 'Você não tem chave PIX salva.',
} as const;

export const COMMISSION_PAYOUT_MSG = {
  nothingDue: 'Nenhuma comissão confirmada com chave PIX para pagar.',
  paid: (count: number, total: string) =>
    `${count} ${count === 1 ? 'comissão marcada como paga' : 'comissões marcadas como pagas'} (${total}).`,
  replayed: 'Este lote já tinha sido pago: nenhuma comissão foi paga de novo.',
  changed:
    'As comissões deste lote mudaram desde que a lista foi aberta (alguma foi paga, cancelada ou ficou sem chave PIX): nada foi pago. Confira a lista e confirme de novo.',
  tooMany: `No máximo ${COMMISSION_BATCH_MAX} comissões por lote.`,
  idsRequired: 'Escolha as comissões do lote',
  keyInvalid: 'Chave do lote inválida: abra a lista de novo',
  totalInvalid: 'Total do lote inválido',
  payoutNotFound: 'Lote de pagamento não encontrado',
  loadFailed: 'Erro ao carregar as comissões a pagar',
  payFailed: 'Erro ao pagar as comissões',
} as const;

const pixKeyType = z.enum(PIX_KEY_TYPES, { error: PIX_KEY_MSG.typeInvalid });

/** A stored payout key as the screens show it. */
export const payoutPixKey = z.object({
  key: z.string(),
  type: pixKeyType,
  /** "CPF 529.982.247-25", "Telefone +55 11 91008-6304". */
  label: z.string(),
  updatedAt: z.string().nullable(),
});
export type PayoutPixKey = z.infer<typeof payoutPixKey>;

/**
 * The member's key (an empty key removes it), with the current password: the key is where money
 * goes, so a stolen session alone cannot redirect it (ADR 027).
 */
export const payoutPixKeyInput = z.object({
  pixKey: z.string({ error: PIX_KEY_MSG.required }).trim().max(120, PIX_KEY_MSG.invalid),
  pixKeyType: pixKeyType.nullish(),
  currentPassword,
});
export type PayoutPixKeyInput = z.input<typeof payoutPixKeyInput>;

/** The portal's form: a key is required to save (removing is its own button), read as the server reads it. */
export const payoutPixKeyForm = payoutPixKeyInput
  .extend({
    pixKey: z
      .string({ error: PIX_KEY_MSG.required })
      .trim()
      .min(1, PIX_KEY_MSG.required)
      .max(120, PIX_KEY_MSG.invalid),
  })
  .superRefine(({ pixKey, pixKeyType }, ctx) => {
    const pix = normalizePixKey(pixKey, pixKeyType);
    if (pix.ok) return;
    ctx.addIssue({ code: 'custom', path: [pix.choices ? 'pixKeyType' : 'pixKey'], message: pix.message });
  });

export const payoutPixKeyOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  payoutPixKey: payoutPixKey.nullable(),
});

/** One referrer in the batch: the commissions due and where they go. */
export const payoutReferrer = z.object({
  referrerId: z.string(),
  name: z.string(),
  email: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
  referralIds: z.array(z.string()),
  pixKey: payoutPixKey.nullable(),
});
export type PayoutReferrer = z.infer<typeof payoutReferrer>;

export const payoutPreview = z.object({
  /** Referrers with a key, the commissions of this batch (oldest confirmed first). */
  payable: z.array(payoutReferrer),
  /** Referrers without a key: listed apart, not paid. */
  withoutKey: z.array(payoutReferrer),
  count: z.number().int(),
  total: z.number().int(),
  /** Payable commissions left for a next batch (beyond COMMISSION_BATCH_MAX). */
  remaining: z.number().int(),
});
export type PayoutPreview = z.infer<typeof payoutPreview>;

export const payBatchInput = z.object({
  /** Made by the dialog when it opens: a repeat with it pays nothing again. */
  idempotencyKey: z
    .string({ error: COMMISSION_PAYOUT_MSG.keyInvalid })
    .trim()
    .min(8, COMMISSION_PAYOUT_MSG.keyInvalid)
    .max(100, COMMISSION_PAYOUT_MSG.keyInvalid),
  /** The commissions the confirmation named. */
  referralIds: z
    .array(recordId, { error: COMMISSION_PAYOUT_MSG.idsRequired })
    .min(1, COMMISSION_PAYOUT_MSG.idsRequired)
    .max(COMMISSION_BATCH_MAX, COMMISSION_PAYOUT_MSG.tooMany),
  /** The total the confirmation named, in cents: a list that changed since is refused. */
  total: z
    .number({ error: COMMISSION_PAYOUT_MSG.totalInvalid })
    .int(COMMISSION_PAYOUT_MSG.totalInvalid)
    .min(1, COMMISSION_PAYOUT_MSG.totalInvalid),
});
export type PayBatchInput = z.infer<typeof payBatchInput>;

export const payBatchOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  replayed: z.boolean(),
  payoutId: z.string(),
  count: z.number().int(),
  referrers: z.number().int(),
  total: z.number().int(),
  paidAt: z.string(),
  /** The bank file of this batch (GET, admin). */
  csvUrl: z.string(),
});
export type PayBatchOutput = z.infer<typeof payBatchOutput>;
