export const SANDBOX_APPROVED_CARD = '4111111111111111';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
/**
 * Approved at the checkout, declined when charged again without the customer (automatic renewal):
 * how a renewal's retries are tried offline. A card that expires before the renewal is any approved
 * test card typed with a near expiry.
 */
export const SANDBOX_RENEWAL_DECLINED_CARD = '4000000000000101';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signed webhook older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The sandbox's public key: what `?appId=` must say on `/sandbox/tokens`, like Pagar.me's `pk_…`. */
export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_confraria';
/** A card token lives 60 s and pays once (as at Pagar.me). */
export const SANDBOX_TOKEN_TTL_MS = 60_000;

export const SANDBOX_MSG = {
  declined: 'Cartão recusado pelo emissor (cartão de teste recusado)',
  expired: 'Cartão vencido',
  tokenInvalid: 'Token do cartão inválido ou expirado. Digite o cartão novamente.',
  unknownCard:
    'Cartão não aceito no ambiente de testes. Use 4111 1111 1111 1111 (aprovado), 4000 0000 0000 0002 (recusado) ou 4000 0000 0000 0101 (aprovado, recusado na renovação automática).',
  renewalDeclined: 'Cartão recusado pelo emissor na renovação automática (cartão de teste)',
  savedCardUnknown: 'Cartão salvo não encontrado no ambiente de testes',
  failedAttempt: 'Pagamento recusado no ambiente de testes',
} as const;

/**
 * The sandbox's figures for a paid charge (the month close): plausible rates of a Brazilian
 * acquirer, in basis points of the amount, and the days until the money is paid out.
 */
export const SANDBOX_CARD_FEE_BASIS_POINTS = 399;
export const SANDBOX_PIX_FEE_BASIS_POINTS = 119;
export const SANDBOX_CARD_PAYOUT_DAYS = 30;
export const SANDBOX_PIX_PAYOUT_DAYS = 1;
