/** The sandbox's test cards: the decision for a typed card, and the single-use 60-second tokens. */
import { newId } from '../../../lib/ids';
import { cardBrand } from '../card';
import {
  SANDBOX_APPROVED_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_MSG,
  SANDBOX_PUBLIC_KEY,
  SANDBOX_TOKEN_TTL_MS,
} from './constants';

/** The card part of `POST /sandbox/tokens` (Pagar.me's `POST /tokens` shape). */
export interface SandboxTokenCard {
  number: string;
  holder_name: string;
  exp_month: number;
  exp_year: number;
  cvv: string;
}

/** What `/sandbox/tokens` answers: Pagar.me's status and body shapes. */
export type SandboxTokenAnswer = { status: number; body: Record<string, unknown> };

export type TypedCard = { number: string; expMonth: number; expYear: number };

/** A card is valid through the last day of its month. */
function expired(now: Date, expMonth: number, expYear: number) {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return Date.UTC(year, expMonth, 1) <= now.getTime();
}

/** The sandbox's decision for a typed card: the same rules for tokens and for its hosted page. */
export function decideCard(now: Date, card: TypedCard) {
  const number = card.number.replace(/\D/g, '');
  if (expired(now, card.expMonth, card.expYear))
    return { outcome: 'failed' as const, reason: SANDBOX_MSG.expired };
  if (number === SANDBOX_APPROVED_CARD || number === SANDBOX_RENEWAL_DECLINED_CARD)
    return { outcome: 'paid' as const, reason: null };
  if (number === SANDBOX_DECLINED_CARD) return { outcome: 'failed' as const, reason: SANDBOX_MSG.declined };
  return { outcome: 'failed' as const, reason: SANDBOX_MSG.unknownCard };
}

type TokenRequest = { type?: unknown; card?: Partial<Record<keyof SandboxTokenCard, unknown>> };

/** Pagar.me's validation errors for a token request, by field. */
function tokenErrors(now: Date, request: TokenRequest, number: string): Record<string, string[]> {
  const card = request.card ?? {};
  const errors: Record<string, string[]> = {};
  if (request.type !== 'card') errors['request.type'] = ['The type field is invalid.'];
  if (!/^\d{13,19}$/.test(number)) errors['request.card.number'] = ['The number field is invalid.'];
  if (typeof card.holder_name !== 'string' || !card.holder_name.trim())
    errors['request.card.holder_name'] = ['The holder_name field is required.'];
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    errors['request.card.exp_month'] = ['The exp_month field is invalid.'];
  if (!Number.isInteger(year) || year < 0)
    errors['request.card.exp_year'] = ['The exp_year field is invalid.'];
  if (typeof card.cvv !== 'string' || !/^\d{3,4}$/.test(card.cvv))
    errors['request.card.cvv'] = ['The cvv field is invalid.'];
  if (Object.keys(errors).length === 0 && expired(now, month, year))
    errors['request.card'] = ['Card expired.'];
  return errors;
}

/** Card tokens (in memory, like the card data a real provider keeps for 60 s). */
export function createTokenStore(clock: () => Date) {
  const tokens = new Map<string, { card: SandboxTokenCard; createdAt: number }>();

  /** Forget tokens nobody used (a real provider drops them after 60 s too). */
  function dropStale(now: Date) {
    for (const [key, value] of tokens) {
      if (now.getTime() - value.createdAt > SANDBOX_TOKEN_TTL_MS) tokens.delete(key);
    }
  }

  /** `POST /sandbox/tokens?appId=…`: a single-use, 60-second token for a card. */
  function createCardToken(appId: string | undefined, body: unknown): SandboxTokenAnswer {
    if (appId !== SANDBOX_PUBLIC_KEY) return { status: 401, body: { message: 'Invalid public key' } };
    const request = (body ?? {}) as TokenRequest;
    const card = request.card ?? {};
    const number = typeof card.number === 'string' ? card.number.replace(/\D/g, '') : '';
    const now = clock();
    const errors = tokenErrors(now, request, number);
    if (Object.keys(errors).length > 0)
      return { status: 422, body: { message: 'The request is invalid.', errors } };
    const year = Number(card.exp_year);
    const id = `token_${newId()}`;
    const stored: SandboxTokenCard = {
      number,
      holder_name: String(card.holder_name).trim(),
      exp_month: Number(card.exp_month),
      exp_year: year < 100 ? 2000 + year : year,
      cvv: String(card.cvv),
    };
    tokens.set(id, { card: stored, createdAt: now.getTime() });
    dropStale(now);
    return { status: 200, body: tokenBody(id, now, stored) };
  }

  /** Takes a token once; null when unknown, used or older than 60 s. */
  function redeemToken(id: string | undefined): SandboxTokenCard | null {
    if (!id) return null;
    const token = tokens.get(id);
    tokens.delete(id);
    if (!token || clock().getTime() - token.createdAt > SANDBOX_TOKEN_TTL_MS) return null;
    return token.card;
  }

  return { createCardToken, redeemToken };
}

/** The token as Pagar.me answers it: never the full number or the CVV. */
function tokenBody(id: string, now: Date, card: SandboxTokenCard) {
  return {
    id,
    type: 'card',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS).toISOString(),
    card: {
      first_six_digits: card.number.slice(0, 6),
      last_four_digits: card.number.slice(-4),
      holder_name: card.holder_name,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      brand: cardBrand(card.number),
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

/**
 * The sandbox's saved card: its reference carries what the sandbox decides a later charge on
 * (declined on renewal or not, last four, expiry), so the decision survives a restart and the
 * demo seed can write one. Never the number.
 */
export function savedCardOf(customerCode: string, card: TypedCard) {
  const number = card.number.replace(/\D/g, '');
  const kind = number === SANDBOX_RENEWAL_DECLINED_CARD ? 'decline' : 'ok';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const month = String(card.expMonth).padStart(2, '0');
  return {
    providerCustomerId: `sbx_cus_${customerCode}`,
    providerCardId: `sbx_card_${kind}_${number.slice(-4)}_${month}${year}_${newId()}`,
    brand: cardBrand(number),
    last4: number.slice(-4),
    expMonth: card.expMonth,
    expYear: year,
  };
}

const SAVED_CARD = /^sbx_card_(ok|decline)_(\d{4})_(\d{2})(\d{4})_/;

/** Whether the sandbox issued this saved card's reference. */
export const isSandboxCard = (providerCardId: string) => SAVED_CARD.test(providerCardId);

/** What a charge on a saved sandbox card comes to: expired, declined on renewal, or paid. */
export function decideSavedCard(now: Date, providerCardId: string) {
  const match = SAVED_CARD.exec(providerCardId);
  if (!match) return { outcome: 'failed' as const, reason: SANDBOX_MSG.savedCardUnknown, last4: null };
  const [, kind, last4, month, year] = match;
  if (expired(now, Number(month), Number(year)))
    return { outcome: 'failed' as const, reason: SANDBOX_MSG.expired, last4: last4 ?? null };
  if (kind === 'decline')
    return { outcome: 'failed' as const, reason: SANDBOX_MSG.renewalDeclined, last4: last4 ?? null };
  return { outcome: 'paid' as const, reason: null, last4: last4 ?? null };
}
