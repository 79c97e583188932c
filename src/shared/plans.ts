/**
 * Plans the club sells. Prices are NOT here: they live in settings (priceAnnual / priceRenewal)
 * and the server decides them (docs/product/decisions.md §3: money is decided by the server).
 */
export const PLAN_TYPES = ['annual', 'renewal'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PAYMENT_METHODS = ['credit_card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `cancelled`: voided by the club (the admin, or an erasure) before anybody paid it. */
export const PAYMENT_LINK_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'pending', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIBER_STATUSES = [
  'pending',
  'pending_payment',
  'active',
  'expired',
  'cancelled',
  'inactive',
] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Subscriber status labels (docs/product/decisions.md §4: `pending` is the approval queue). */
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Aguardando aprovação',
  pending_payment: 'Aguardando pagamento',
  active: 'Ativo',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  inactive: 'Inativo',
};

/**
 * The subscriber list's renewal filter (`?renewal=`, docs/decisions/052-automatic-renewal.md): members
 * with automatic renewal on (a saved card), the others, and the automatic renewals declined with
 * retries still ahead.
 */
export const RENEWAL_FILTERS = ['automatic', 'manual', 'retrying'] as const;
export type RenewalFilter = (typeof RENEWAL_FILTERS)[number];
export const RENEWAL_FILTER_LABELS: Record<RenewalFilter, string> = {
  automatic: 'Automática',
  manual: 'Manual',
  retrying: 'Automática em nova tentativa',
};

export const REFERRAL_STATUSES = ['pending', 'confirmed', 'paid', 'cancelled'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** A membership period (docs/product/back-office-and-member-area.md §9: 365 days). */
export const SUBSCRIPTION_DAYS = 365;
/** A payment link is payable for 48 hours (docs/product/decisions.md §3.1). */
export const PAYMENT_LINK_TTL_HOURS = 48;
/** A sandbox PIX code is valid for 30 minutes. */
export const PIX_TTL_MINUTES = 30;
/** The referrer earns 10% of what the referred member paid (docs/product/decisions.md §3.6). */
export const REFERRAL_COMMISSION_PERCENT = 10;
/** Polling interval of the tracking page and the PIX screen (docs/product/public-site-and-checkout.md §9, docs/product/back-office-and-member-area.md §9). */
export const STATUS_POLL_MS = 5000;

/**
 * Plan label on the tracking page (docs/product/decisions.md §4): "Anual" for annual, "Renovação anual" for
 * renewal, "Mensal" for anything else (the spec's recorded monthly reading).
 */
export function planLabel(planType: string | null | undefined): string {
  if (planType === 'annual') return 'Anual';
  if (planType === 'renewal') return 'Renovação anual';
  return 'Mensal';
}

/** Payment method label shown on confirmation screens and in messages. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (method === 'pix') return 'PIX';
  if (method === 'credit_card') return 'Cartão de crédito';
  return '—';
}

/** Shown while the provider completes a refund it accepted (a PIX refund takes time). */
export const REFUND_PROCESSING_LABEL = 'Reembolso em processamento';

// Attempts whose answer was lost and extra charges (ADR 030).
/** A pending attempt whose provider answer was lost: looked up by our code, never charged again. */
export const VERIFYING_LABEL = 'Em verificação';
/**
 * Payment link status labels. A pending link past its deadline whose answer the provider has not
 * given yet is "Em verificação", never "Expirado" before the provider said it was not paid.
 */
export const PAYMENT_LINK_STATUS_LABELS: Record<PaymentLinkStatus, string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Expirado',
  cancelled: 'Cancelado',
};
export const paymentLinkStatusLabel = (status: PaymentLinkStatus, verifying: boolean): string =>
  verifying ? VERIFYING_LABEL : PAYMENT_LINK_STATUS_LABELS[status];
/** Money received that bought nothing: refunded by the owner. */
export const EXTRA_CHARGE_LABELS = {
  duplicate: 'Cobrança duplicada',
  underpaid: 'Valor recebido a menor',
  overpaid: 'Valor recebido a mais',
  /** Paid at the provider after the club cancelled the link (a race with the cancel, or an erasure). */
  cancelled_link: 'Pago em link cancelado',
} as const;
export type ExtraCharge = keyof typeof EXTRA_CHARGE_LABELS;
export const EXTRA_CHARGES = Object.keys(EXTRA_CHARGE_LABELS) as [ExtraCharge, ...ExtraCharge[]];

// Refunds and disputes (ADR 030).
/** A charge the card holder disputed with the bank: the money was taken back (docs/product/decisions.md §3.7). */
export const CHARGEBACK_LABEL = 'Contestado (chargeback)';
/** A paid payment part of which was given back (a partial refund made in the provider's dashboard). */
export const PARTIAL_REFUND_LABEL = 'Pago (reembolso parcial)';
/** An extra charge the owner kept as the club's money: revenue like any payment. */
export const EXTRA_CHARGE_KEPT_LABEL = 'Cobrança extra mantida';

/**
 * Payment status labels (docs/product/decisions.md §4): everything else is "Falhou". A paid payment whose refund the
 * provider is still completing reads "Reembolso em processamento"; a pending attempt whose answer
 * was lost "Em verificação"; an extra charge still held "Cobrança duplicada", "Valor recebido a menor" or
 * "Valor recebido a mais" ("Cobrança extra mantida" once the owner keeps it); a disputed charge "Contestado (chargeback)"; a paid payment part of which
 * was given back "Pago (reembolso parcial)".
 */
export function paymentStatusLabel(
  status: string | null | undefined,
  refundStatus?: string | null,
  flags: {
    verifyingSince?: unknown;
    extraCharge?: string | null;
    extraChargeKeptAt?: unknown;
    chargedbackAt?: unknown;
    refundedAmount?: number | null;
  } = {},
): string {
  if (status === 'paid' && refundStatus === 'processing') return REFUND_PROCESSING_LABEL;
  if (status === 'refunded' && flags.chargedbackAt) return CHARGEBACK_LABEL;
  if (status === 'paid' && flags.extraCharge && flags.extraChargeKeptAt) return EXTRA_CHARGE_KEPT_LABEL;
  if (status === 'paid' && flags.extraCharge && flags.extraCharge in EXTRA_CHARGE_LABELS)
    return EXTRA_CHARGE_LABELS[flags.extraCharge as ExtraCharge];
  if (status === 'pending' && flags.verifyingSince) return VERIFYING_LABEL;
  if (status === 'paid' && flags.refundedAmount) return PARTIAL_REFUND_LABEL;
  switch (status) {
    case 'paid':
      return 'Pago';
    case 'pending':
      return 'Pendente';
    case 'refunded':
      return 'Reembolsado';
    case 'cancelled':
      return 'Cancelado';
    default:
      return 'Falhou';
  }
}
