/**
 * The owner's month close ("Fechamento do mês", docs/decisions/054-month-close.md): its channels,
 * figures and texts, without zod (the route's address reader imports them: ADR 040).
 */
export const MONTH_CLOSE_MSG = {
  monthInvalid: 'Mês inválido: use o formato aaaa-mm (ex.: 2026-11)',
  figureInvalid: 'Número do fechamento desconhecido',
  toConfirm: 'a confirmar',
} as const;

/** The channels the close is split by: an in-page card or PIX charge, or a payment link. */
export const MONTH_CLOSE_CHANNELS = ['card', 'pix', 'link'] as const;
export type MonthCloseChannel = (typeof MONTH_CLOSE_CHANNELS)[number];
export const MONTH_CLOSE_CHANNEL_LABELS: Record<MonthCloseChannel, string> = {
  card: 'Cartão',
  pix: 'PIX',
  link: 'Link de pagamento',
};

/**
 * Each figure of the close; every one opens the payments behind it. `gross` is every payment paid in
 * the month; the others are the part of it that went back or stays to decide.
 */
export const MONTH_CLOSE_FIGURES = [
  'gross',
  'refunds',
  'extraRefunded',
  'extraPending',
  'chargebacks',
  'fees',
  'net',
] as const;
export type MonthCloseFigure = (typeof MONTH_CLOSE_FIGURES)[number];
export const MONTH_CLOSE_FIGURE_LABELS: Record<MonthCloseFigure, string> = {
  gross: 'Bruto recebido',
  refunds: 'Reembolsos',
  extraRefunded: 'Cobranças extras reembolsadas',
  extraPending: 'Cobranças extras a decidir',
  chargebacks: 'Contestações (chargeback)',
  fees: 'Taxas do provedor',
  net: 'Líquido',
};
