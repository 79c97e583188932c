/**
 * The built-in sandbox provider (docs/product/decisions.md §6): no account, no network. Links and charges live in
 * our own database; the hosted page `/sandbox/pay/:id` (src/server/http/sandbox-pages.ts) lets a
 * person pay by test card or PIX or let the link expire, and every outcome reaches us as an
 * HMAC-signed webhook on `/api/webhooks/sandbox`, the same path a real provider's webhook takes.
 *
 * Test cards: 4111 1111 1111 1111 approved, 4000 0000 0000 0002 declined, 4000 0000 0000 0101
 * approved at the checkout and declined when renewed automatically (a near expiry typed on an
 * approved card is how a card that expires before the renewal is tried).
 */
import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../../../shared/plans';
import { newId } from '../../lib/ids';
import { buildBrCode } from './pix/brcode';
import type { ProviderStatus } from '../../lib/provider-status';
import { cardBrand, cardLast4 } from './card';
import {
  createTokenStore,
  decideCard,
  decideSavedCard,
  isSandboxCard,
  savedCardOf,
  type SandboxTokenAnswer,
  type TokenStore,
  type TypedCard,
} from './sandbox/cards';
import { SANDBOX_MSG, SANDBOX_PUBLIC_KEY } from './sandbox/constants';
import { sandboxFigures } from './sandbox/figures';
import {
  chargeOfWebhook,
  parseWebhook,
  signedWebhook,
  verifyWebhook,
  type SandboxActInput,
  type SandboxWebhookBody,
} from './sandbox/webhooks';
import type {
  ChargeResult,
  CreateChargeInput,
  PaymentProvider,
  PaymentProviderName,
  RecurringChargeInput,
} from './types';

export {
  SANDBOX_APPROVED_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_MSG,
  SANDBOX_PUBLIC_KEY,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TOKEN_TTL_MS,
} from './sandbox/constants';
export type { SandboxTokenAnswer, SandboxTokenCard } from './sandbox/cards';
export type { SandboxActInput, SandboxOutcome } from './sandbox/webhooks';

export interface SandboxProviderOptions {
  /** Read at call time: the public URL may be known only after the server listens (e2e). */
  publicUrl: () => string;
  pix: () => { pixKey: string; merchantName: string; merchantCity: string; clubName?: string };
  now: () => Date;
  /** HMAC secret; random per process when not configured. */
  secret?: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** `POST /sandbox/tokens?appId=…`: a single-use, 60-second token for a card. */
  createCardToken(appId: string | undefined, body: unknown): SandboxTokenAnswer;
  /** The sandbox's decision for a typed card: the same rules for tokens and for its hosted page. */
  decideCard(card: { number: string; expMonth: number; expYear: number }): {
    outcome: 'paid' | 'failed';
    reason: string | null;
  };
  /** Builds the signed webhook that announces an outcome for a link or an in-page charge. */
  signedWebhook(input: SandboxActInput): { headers: Record<string, string>; rawBody: string };
  /**
   * The customer acted on the sandbox's page: the sandbox records the outcome as its own state
   * (what reconciliation reads back) and returns the webhook that announces it.
   */
  customerActed(input: SandboxActInput): { headers: Record<string, string>; rawBody: string };
  /** The BR Code ("copia e cola") the sandbox's page shows for a PIX of this amount. */
  pixCode(reference: string, amount: number): string;
}

const baseCharge = (amount: number, method: PaymentMethod): ChargeResult => ({
  status: 'pending',
  providerOrderId: null,
  providerChargeId: `sbx_ch_${newId()}`,
  method,
  amount,
  paidAt: null,
  cardBrand: null,
  cardLast4: null,
  failureReason: null,
  pix: null,
});

/** The card of a charge: by its token (once, within 60 s) or as typed; null when neither is usable. */
function typedCard(tokens: TokenStore, input: CreateChargeInput): TypedCard | 'token_invalid' | null {
  if (input.cardToken !== undefined) {
    const token = tokens.redeemToken(input.cardToken);
    if (!token) return 'token_invalid';
    return { number: token.number, expMonth: token.exp_month, expYear: token.exp_year };
  }
  if (input.card)
    return { number: input.card.number, expMonth: input.card.expMonth, expYear: input.card.expYear };
  return null;
}

/** An in-page charge: a PIX with its BR Code, or a test card decided at once. */
function createCharge(
  options: SandboxProviderOptions,
  tokens: TokenStore,
  input: CreateChargeInput,
): ChargeResult {
  const charge = baseCharge(input.amount, input.method);
  if (input.method === 'pix') {
    const expiresAt = new Date(options.now().getTime() + (input.pixExpiresInSeconds ?? 1800) * 1000);
    const qrCodeText = buildBrCode({ ...options.pix(), amount: input.amount, txid: input.paymentId });
    return { ...charge, pix: { qrCodeText, expiresAt } };
  }
  const typed = typedCard(tokens, input);
  if (typed === 'token_invalid')
    return { ...charge, status: 'failed', failureReason: SANDBOX_MSG.tokenInvalid };
  const number = typed?.number.replace(/\D/g, '') ?? '';
  const card = { cardBrand: cardBrand(number), cardLast4: cardLast4(number) };
  const decision = typed
    ? decideCard(options.now(), typed)
    : { outcome: 'failed' as const, reason: SANDBOX_MSG.unknownCard };
  if (decision.outcome === 'paid' && typed) {
    const savedCard = savedCardOf(input.customer.code, typed);
    return { ...charge, ...card, status: 'paid', paidAt: options.now(), savedCard };
  }
  return { ...charge, ...card, status: 'failed', failureReason: decision.reason };
}

/**
 * A charge on a saved card (automatic renewal), decided by what its reference carries; a card
 * deleted since (an erasure) is one the sandbox no longer has.
 */
function chargeRecurring(
  options: SandboxProviderOptions,
  input: RecurringChargeInput,
  deletedCards: ReadonlySet<string>,
): ChargeResult {
  const charge = { ...baseCharge(input.amount, 'credit_card'), providerOrderId: `sbx_or_${newId()}` };
  const cardId = input.instrument.providerCardId;
  const decision = deletedCards.has(cardId)
    ? { outcome: 'failed' as const, reason: SANDBOX_MSG.savedCardUnknown, last4: null }
    : decideSavedCard(options.now(), cardId);
  // The brand is on file with us (the saved card); the reference carries only the last four.
  const card = { cardBrand: null, cardLast4: decision.last4 };
  if (decision.outcome === 'paid') return { ...charge, ...card, status: 'paid', paidAt: options.now() };
  return { ...charge, ...card, status: 'failed', failureReason: decision.reason };
}

const SANDBOX_STATUS: ProviderStatus<PaymentProviderName> = {
  provider: 'sandbox',
  configured: false,
  ok: true,
  detail:
    'Ambiente de testes (sandbox): nenhum valor real é cobrado. Defina PAGARME_SECRET_KEY para usar o Pagar.me.',
};

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const signer = { secret: options.secret ?? randomBytes(32).toString('hex'), now: options.now };
  /**
   * The sandbox's own record of what a customer did, by our reference (link or payment id), kept
   * apart from our database like a real provider's: the outcome is known here even when its webhook
   * never arrives, so reconciliation can find it. In memory: a sandbox restart forgets it.
   */
  const settled = new Map<string, ChargeResult>();
  const tokens = createTokenStore(options.now);
  /** Saved cards deleted by an erasure: charging one again is refused (in memory, as `settled`). */
  const deletedCards = new Set<string>();

  return {
    name: 'sandbox',
    // Same origin: the browser code is the one it runs against Pagar.me, only the URL differs.
    cardTokenizer: () => ({ url: '/sandbox/tokens', publicKey: SANDBOX_PUBLIC_KEY }),
    decideCard: (card) => decideCard(options.now(), card),
    createCardToken: tokens.createCardToken,
    createPaymentLink: async (input) => ({
      providerLinkId: `sbx_${input.linkId}`,
      url: `${options.publicUrl()}/sandbox/pay/${input.linkId}`,
    }),
    async getPaymentLinkStatus(link) {
      // What the sandbox itself settled, whether or not its webhook reached us (reconciliation).
      const charge = settled.get(link.id);
      return charge?.status === 'paid' ? { paid: true, charge } : { paid: false, charge: null };
    },
    async cancelPaymentLink(link) {
      // The sandbox's page refuses a cancelled link by itself (its status on file); one it already
      // settled as paid was paid first.
      return { status: settled.get(link.id)?.status === 'paid' ? ('paid' as const) : ('cancelled' as const) };
    },
    getCharge: async (input) => settled.get(input.paymentId) ?? null,
    async findOrders({ reference }) {
      // The sandbox keeps one outcome per reference: what its page settled, if anything.
      const charge = settled.get(reference);
      return charge ? [{ attempt: null, charge }] : [];
    },
    createCharge: async (input) => createCharge(options, tokens, input),
    async chargeRecurring(input) {
      const charge = chargeRecurring(options, input, deletedCards);
      // Kept as the sandbox's own state: a lookup by our code finds it (a lost answer's path).
      settled.set(input.paymentId, charge);
      return charge;
    },
    async deleteSavedCard(card) {
      // A reference the sandbox never issued, or one already deleted, is gone (Pagar.me's 404).
      if (!isSandboxCard(card.providerCardId) || deletedCards.has(card.providerCardId)) {
        return { status: 'gone' as const };
      }
      deletedCards.add(card.providerCardId);
      return { status: 'deleted' as const };
    },
    async voidCharge(input) {
      // What the sandbox's page settled as paid was paid first; anything else can no longer be paid.
      const charge = settled.get(input.paymentId);
      if (charge?.status === 'paid') return { status: 'paid' as const };
      // Kept as the sandbox's own state, so that reading the charge back says it was cancelled.
      settled.set(input.paymentId, {
        ...(charge ?? { ...baseCharge(0, 'pix'), amount: null, method: null }),
        providerChargeId: input.providerChargeId,
        status: 'cancelled',
      });
      return { status: 'cancelled' as const };
    },
    async refund(input) {
      // Nothing was charged for real: the refund always succeeds, at once.
      const charge = settled.get(input.paymentId);
      if (charge) settled.set(input.paymentId, { ...charge, status: 'refunded' });
      return { status: 'refunded' as const };
    },
    pixCode: (reference, amount) => buildBrCode({ ...options.pix(), amount, txid: reference }),
    customerActed(input) {
      const webhook = signedWebhook(signer, input);
      if (input.outcome !== 'expired') {
        settled.set(
          input.reference,
          chargeOfWebhook(JSON.parse(webhook.rawBody) as SandboxWebhookBody, input.outcome),
        );
      }
      return webhook;
    },
    signedWebhook: (input) => signedWebhook(signer, input),
    getChargeFigures: async (input) => sandboxFigures(input, options.now()),
    verifyWebhook: (request) => verifyWebhook(signer, request),
    parseWebhook: async (rawBody) => parseWebhook(rawBody),
    status: async () => ({ ...SANDBOX_STATUS }),
  };
}
