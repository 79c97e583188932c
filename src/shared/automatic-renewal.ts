/**
 * Automatic annual renewal (docs/product/decisions.md §3.4): the exact texts a member and
 * an admin read, and what the operations answer. The consent sentence is built here once, so the
 * text the screen shows and the text recorded with the consent are the same string.
 */
import { z } from 'zod';
import { formatDate, formatMoney } from './format';
import { CHANNELS, type Channel } from './notifications';
import './zod-config';

export interface CardOnFile {
  brand: string | null;
  last4: string | null;
}

/** "Visa final 1234" (or "final 1234" without a brand). */
export function cardLabel(card: CardOnFile): string {
  const ending = `final ${card.last4 ?? '????'}`;
  return card.brand ? `${card.brand} ${ending}` : ending;
}

/** The sentence the member agrees to: card, amount and the next date in words. */
export function consentSentence(card: CardOnFile, amount: number, chargeDate: Date): string {
  return (
    `Renovar automaticamente no cartão ${cardLabel(card)} todo ano: ${formatMoney(amount)} em ` +
    `${formatDate(chargeDate)} e a cada ano seguinte, até eu desligar.`
  );
}

/**
 * The box of the member's renewal checkout: the card is not known before the provider's page, so
 * the sentence names the card of this payment; the consent recorded once it is paid adds its brand
 * and last four.
 */
export function checkoutConsentSentence(amount: number, chargeDate: Date): string {
  return (
    `Renovar automaticamente no cartão com que pago esta renovação, todo ano: ${formatMoney(amount)} em ` +
    `${formatDate(chargeDate)} e a cada ano seguinte, até eu desligar.`
  );
}

export const AUTOMATIC_RENEWAL_MSG = {
  clubOff: 'A renovação automática não está disponível no clube.',
  noCard:
    'Para renovar automaticamente, pague a assinatura com cartão de crédito: o cartão desse pagamento é o usado na renovação.',
  notRenewable: 'A renovação automática é para confrades com assinatura ativa e sem cancelamento pedido.',
  cardExpires: (card: string) =>
    `O cartão ${card} vence antes da renovação: pague com um cartão válido para usá-lo na renovação automática.`,
  consentChanged: 'O valor, a data ou o cartão mudaram: confira o texto e confirme de novo.',
  consentRequired: 'Confirme o texto da renovação automática.',
  checkoutNotOffered:
    'A renovação automática pode ser escolhida ao renovar a assinatura de um confrade aprovado.',
  turnedOn: 'Renovação automática ligada.',
  alreadyOn: 'A renovação automática já está ligada.',
  turnedOff: 'Renovação automática desligada. Nenhuma cobrança automática será feita.',
  alreadyOff: 'A renovação automática já está desligada.',
  offWhileCharging:
    'Renovação automática desligada. A cobrança desta renovação já tinha sido enviada ao cartão e segue o seu curso; nenhuma outra será feita.',
  subscriberNotFound: 'Assinante não encontrado',
  // The e-mail's {{who}} and {{nextStep}}.
  offByMember: 'Você',
  offByAdmin: 'A administração do clube',
  offBySystem: 'O clube',
  retryOn: (date: string) => `Vamos tentar de novo em ${date}.`,
  lastAttempt: (end: string) =>
    `Não faremos novas tentativas. Sua assinatura vai até ${end}; depois disso, renove por Minha Assinatura.`,
} as const;

/** Where an automatic renewal's attempt stands (its payment's status; "em verificação" while unknown). */
export const RENEWAL_ATTEMPT_STATES = ['pending', 'verifying', 'paid', 'failed'] as const;
export const RENEWAL_ATTEMPT_LABELS: Record<(typeof RENEWAL_ATTEMPT_STATES)[number], string> = {
  pending: 'Aguardando resposta',
  verifying: 'Em verificação',
  paid: 'Pago',
  failed: 'Recusado',
};

const iso = z.string();

export const automaticRenewalCard = z.object({
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** The card's last valid day falls before the next charge: the member is asked to update it. */
  expiresBeforeRenewal: z.boolean(),
});

export const renewalAttemptView = z.object({
  attempt: z.number().int(),
  /** The end date this attempt renews. */
  periodEnd: iso,
  state: z.enum(RENEWAL_ATTEMPT_STATES),
  amount: z.number().int(),
  paymentId: z.string(),
  failureReason: z.string().nullable(),
  createdAt: iso,
});

/** What "Minha Assinatura" and the subscriber record show. */
export const automaticRenewalView = z.object({
  /** The club offers it (settings). */
  available: z.boolean(),
  enabled: z.boolean(),
  card: automaticRenewalCard.nullable(),
  /** The next charge's day (the end date's São Paulo day) and amount; null when nothing is due. */
  nextChargeDate: iso.nullable(),
  amount: z.number().int().nullable(),
  /** Off: the sentence to show beside the switch (send it back to turn on). On: the one agreed to. */
  consentText: z.string().nullable(),
  consentAt: iso.nullable(),
  /** A declined renewal with retries ahead: the next try. */
  nextRetryAt: iso.nullable(),
  /** Why it cannot be turned on now (no card, not active, card expiring, club off), or null. */
  unavailableReason: z.string().nullable(),
  /**
   * The box of the renewal checkout (`checkoutConsentSentence`: amount and date after this renewal),
   * or null when it is not offered there (club off, already on, not a renewal).
   */
  checkoutConsentText: z.string().nullable(),
});

/** The member's messages about automatic renewal, as the subscriber record lists them. */
export const RENEWAL_NOTICE_KINDS = ['notice', 'cardExpiring', 'retry', 'turnedOff'] as const;

export const RENEWAL_NOTICE_LABELS: Record<(typeof RENEWAL_NOTICE_KINDS)[number], string> = {
  notice: 'Aviso de renovação',
  cardExpiring: 'Cartão vence antes da renovação',
  retry: 'Cobrança recusada',
  turnedOff: 'Renovação automática desligada',
};

export const RENEWAL_NOTICE_CHANNEL_LABELS: Record<Channel, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

export const renewalNoticeView = z.object({
  kind: z.enum(RENEWAL_NOTICE_KINDS),
  /** The end date the notice was about; null when it named none. */
  periodEnd: iso.nullable(),
  /** When it was queued for sending. */
  sentAt: iso,
  channels: z.array(z.enum(CHANNELS)),
});

export const automaticRenewalAdminView = automaticRenewalView.extend({
  attempts: z.array(renewalAttemptView),
  /** The notices sent, newest first. */
  notices: z.array(renewalNoticeView),
  disabledAt: iso.nullable(),
  disabledBy: z.enum(['member', 'admin', 'system']).nullable(),
});

export const turnOnInput = z.object({
  /** The exact sentence the member was shown (`consentText` of the read). */
  consentText: z.string({ error: AUTOMATIC_RENEWAL_MSG.consentRequired }).trim().min(1).max(500),
});

/** The member's renewal: automatic renewal chosen at its checkout, with the sentence shown. */
export const renewInput = z
  .object({
    automaticRenewal: z.boolean().default(false),
    /** The exact sentence of the box (`checkoutConsentText` of the read). */
    consentText: z.string().trim().max(500).optional(),
  })
  .refine((input) => !input.automaticRenewal || Boolean(input.consentText), {
    error: AUTOMATIC_RENEWAL_MSG.consentRequired,
    path: ['consentText'],
  });

export const turnOffAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The charge of this renewal had already been sent: it follows its course. */
  chargeUnderway: z.boolean(),
});

export type AutomaticRenewalView = z.infer<typeof automaticRenewalView>;
export type AutomaticRenewalAdminView = z.infer<typeof automaticRenewalAdminView>;
export type RenewalNoticeView = z.infer<typeof renewalNoticeView>;

/** "Visa final 1234, validade 08/2027": the card as the screens show it. */
export function cardWithExpiry(card: z.infer<typeof automaticRenewalCard>): string {
  const expiry =
    card.expMonth && card.expYear
      ? `, validade ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
      : '';
  return `${cardLabel(card)}${expiry}`;
}
