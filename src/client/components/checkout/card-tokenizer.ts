/**
 * Turns the typed card into a provider token in the browser, so the card itself never reaches our
 * server (ADR 020). Pagar.me: `POST https://api.pagar.me/core/v5/tokens?appId=<pk_…>`; the sandbox
 * answers the same request on `/sandbox/tokens`. The server tells where (`settings.public`'s
 * `cardTokenizer`), so this code is the same in both modes. A token lives 60 s and pays once: one is
 * made per submit.
 */
import { pagarmeHolderName } from '../../../shared/card-fields';
import { CHECKOUT_MSG, parseCardExpiry } from '../../../shared/checkout-schemas';
import { RefusedAnswer } from '../../lib/errors';
import { PUBLIC_SETTINGS_STALE_MS } from '../public/settings-loader';
import { trpcUtils } from '../../lib/trpc';
import type { CardValues } from './CardFields';

export interface CardTokenizer {
  url: string;
  publicKey: string;
}

/** Where to tokenize, from the public settings the pages already load (null: no card payments). */
export async function currentCardTokenizer(): Promise<CardTokenizer | null> {
  const settings = await trpcUtils.settings.public.ensureData(undefined, {
    staleTime: PUBLIC_SETTINGS_STALE_MS,
  });
  return settings.cardTokenizer ?? null;
}

/** The token id (`token_…`) for the card; throws a `RefusedAnswer` with a Portuguese message. */
export async function tokenizeCard(tokenizer: CardTokenizer, card: CardValues): Promise<string> {
  const expiry = parseCardExpiry(card.expiryDate);
  if (!expiry) throw new RefusedAnswer(CHECKOUT_MSG.cardExpiryInvalid);
  const url = `${tokenizer.url}?appId=${encodeURIComponent(tokenizer.publicKey)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      // Never our cookies to a provider; the public key is the only credential this call carries.
      credentials: url.startsWith('/') ? 'same-origin' : 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        type: 'card',
        card: {
          number: card.cardNumber.replace(/\D/g, ''),
          holder_name: pagarmeHolderName(card.cardHolderName),
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvv: card.cvv.trim(),
        },
      }),
    });
  } catch {
    throw new RefusedAnswer(CHECKOUT_MSG.cardTokenizeFailed);
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
  if (!response.ok || typeof body?.id !== 'string' || !body.id.startsWith('token_')) {
    throw new RefusedAnswer(CHECKOUT_MSG.cardTokenizeFailed);
  }
  return body.id;
}
