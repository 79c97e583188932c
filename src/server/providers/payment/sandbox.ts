/**
 * The built-in sandbox provider (docs/product/decisions.md §6): no account, no network. Links and charges live in
 * our own database; the hosted page `/sandbox/pay/:id` (src/server/http/sandbox-pages.ts) lets a
 * person pay by test card or PIX or let the link expire, and every outcome reaches us as an
 * HMAC-signed webhook on `/api/webhooks/sandbox`, the same path a real provider's webhook takes.
 *
 * Test cards: 4111 1111 1111 1111 approved, 4000 0000 0000 0002 declined.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '../../../shared/plans';
import { newId } from '../../ids';
import { buildBrCode } from '../../brcode';
import type { ProviderStatus } from '../provider-status';
import { cardBrand, cardLast4 } from './card';
import type {
  ChargeResult,
  PaymentEvent,
  PaymentProvider,
  PaymentProviderName,
  WebhookRequest,
} from './types';

export const SANDBOX_APPROVED_CARD = '4111111111111111';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signed webhook older (or newer) than this is refused: a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The sandbox's public key: what `?appId=` must say on `/sandbox/tokens`, like Pagar.me's `pk_…`. */
export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_confraria';
/** A card token lives 60 s and pays once (as at Pagar.me). */
export const SANDBOX_TOKEN_TTL_MS = 60_000;

export const SANDBOX_MSG = {
  declined: 'Cartão recusado pelo emissor (cartão de teste recusado)',
  expired: 'Cartão vencido',
  tokenInvalid: 'Token do cartão inválido ou expirado. Digite o cartão novamente.',
  unknownCard:
    'Cartão não aceito no ambiente de testes. Use 4111 1111 1111 1111 (aprovado) ou 4000 0000 0000 0002 (recusado).',
  failedAttempt: 'Pagamento recusado no ambiente de testes',
} as const;

export type SandboxOutcome = 'paid' | 'failed' | 'expired';

export interface SandboxProviderOptions {
  /** Read at call time: the public URL may be known only after the server listens (e2e). */
  publicUrl: () => string;
  pix: () => { pixKey: string; merchantName: string; merchantCity: string; clubName?: string };
  now: () => Date;
  /** HMAC secret; random per process when not configured. */
  secret?: string;
}

interface SandboxWebhookBody {
  id: string;
  type: string;
  created_at: string;
  data: {
    reference: string;
    target: 'payment_link' | 'charge';
    method: PaymentMethod | null;
    amount: number;
    charge_id: string | null;
    card_brand: string | null;
    card_last4: string | null;
    failure_reason: string | null;
  };
}

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

export interface SandboxActInput {
  reference: string;
  target: 'payment_link' | 'charge';
  outcome: SandboxOutcome;
  method: PaymentMethod;
  amount: number;
  chargeId?: string | null;
  /** The card typed on the sandbox's page (brand and last four only). */
  card?: { brand: string; last4: string } | null;
  /** The provider's reason for a refusal, as the customer will read it. */
  failureReason?: string | null;
}

function chargeOfWebhook(body: SandboxWebhookBody, outcome: 'paid' | 'failed'): ChargeResult {
  const { data } = body;
  return {
    status: outcome,
    providerOrderId: null,
    providerChargeId: data.charge_id,
    method: data.method,
    amount: data.amount,
    paidAt: outcome === 'paid' ? new Date(body.created_at) : null,
    cardBrand: data.card_brand,
    cardLast4: data.card_last4,
    failureReason: data.failure_reason,
    pix: null,
  };
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const sign = (timestamp: string, rawBody: string) =>
    createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

  /**
   * The sandbox's own record of what a customer did, by our reference (link or payment id), kept
   * apart from our database like a real provider's: the outcome is known here even when its webhook
   * never arrives, so reconciliation can find it. In memory: a sandbox restart forgets it.
   */
  const settled = new Map<string, ChargeResult>();
  /** Card tokens (in memory, like the card data a real provider keeps for 60 s). */
  const tokens = new Map<string, { card: SandboxTokenCard; createdAt: number }>();

  const expired = (expMonth: number, expYear: number) => {
    const year = expYear < 100 ? 2000 + expYear : expYear;
    // A card is valid through the last day of its month.
    return Date.UTC(year, expMonth, 1) <= options.now().getTime();
  };

  function decideCard(card: { number: string; expMonth: number; expYear: number }) {
    const number = card.number.replace(/\D/g, '');
    if (expired(card.expMonth, card.expYear))
      return { outcome: 'failed' as const, reason: SANDBOX_MSG.expired };
    if (number === SANDBOX_APPROVED_CARD) return { outcome: 'paid' as const, reason: null };
    if (number === SANDBOX_DECLINED_CARD) return { outcome: 'failed' as const, reason: SANDBOX_MSG.declined };
    return { outcome: 'failed' as const, reason: SANDBOX_MSG.unknownCard };
  }

  /** Takes a token once; null when unknown, used or older than 60 s. */
  function redeemToken(id: string | undefined): SandboxTokenCard | null {
    if (!id) return null;
    const token = tokens.get(id);
    tokens.delete(id);
    if (!token || options.now().getTime() - token.createdAt > SANDBOX_TOKEN_TTL_MS) return null;
    return token.card;
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

  return {
    name: 'sandbox',

    cardTokenizer() {
      // Same origin: the browser code is the one it runs against Pagar.me, only the URL differs.
      return { url: '/sandbox/tokens', publicKey: SANDBOX_PUBLIC_KEY };
    },

    decideCard,

    createCardToken(appId, body) {
      if (appId !== SANDBOX_PUBLIC_KEY) return { status: 401, body: { message: 'Invalid public key' } };
      const request = (body ?? {}) as {
        type?: unknown;
        card?: Partial<Record<keyof SandboxTokenCard, unknown>>;
      };
      const card = request.card ?? {};
      const number = typeof card.number === 'string' ? card.number.replace(/\D/g, '') : '';
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
      if (Object.keys(errors).length === 0 && expired(month, year))
        errors['request.card'] = ['Card expired.'];
      if (Object.keys(errors).length > 0)
        return { status: 422, body: { message: 'The request is invalid.', errors } };
      const now = options.now();
      const id = `token_${newId()}`;
      const stored: SandboxTokenCard = {
        number,
        holder_name: String(card.holder_name).trim(),
        exp_month: month,
        exp_year: year < 100 ? 2000 + year : year,
        cvv: String(card.cvv),
      };
      tokens.set(id, { card: stored, createdAt: now.getTime() });
      // Forget tokens nobody used (a real provider drops them after 60 s too).
      for (const [key, value] of tokens) {
        if (now.getTime() - value.createdAt > SANDBOX_TOKEN_TTL_MS) tokens.delete(key);
      }
      return {
        status: 200,
        body: {
          id,
          type: 'card',
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS).toISOString(),
          card: {
            first_six_digits: number.slice(0, 6),
            last_four_digits: number.slice(-4),
            holder_name: stored.holder_name,
            exp_month: stored.exp_month,
            exp_year: stored.exp_year,
            brand: cardBrand(number),
          },
        },
      };
    },

    async createPaymentLink(input) {
      return {
        providerLinkId: `sbx_${input.linkId}`,
        url: `${options.publicUrl()}/sandbox/pay/${input.linkId}`,
      };
    },

    async getPaymentLinkStatus(link) {
      // What the sandbox itself settled, whether or not its webhook reached us (reconciliation).
      const charge = settled.get(link.id);
      return charge?.status === 'paid' ? { paid: true, charge } : { paid: false, charge: null };
    },

    async getCharge(input) {
      return settled.get(input.paymentId) ?? null;
    },

    async findOrders({ reference }) {
      // The sandbox keeps one outcome per reference: what its page settled, if anything.
      const charge = settled.get(reference);
      return charge ? [{ attempt: null, charge }] : [];
    },

    async createCharge(input) {
      const charge = baseCharge(input.amount, input.method);
      if (input.method === 'pix') {
        const expiresAt = new Date(options.now().getTime() + (input.pixExpiresInSeconds ?? 1800) * 1000);
        const qrCodeText = buildBrCode({ ...options.pix(), amount: input.amount, txid: input.paymentId });
        return { ...charge, pix: { qrCodeText, expiresAt } };
      }
      let typed: { number: string; expMonth: number; expYear: number } | null = null;
      if (input.cardToken !== undefined) {
        const token = redeemToken(input.cardToken);
        if (!token) return { ...charge, status: 'failed', failureReason: SANDBOX_MSG.tokenInvalid };
        typed = { number: token.number, expMonth: token.exp_month, expYear: token.exp_year };
      } else if (input.card) {
        typed = { number: input.card.number, expMonth: input.card.expMonth, expYear: input.card.expYear };
      }
      const number = typed?.number.replace(/\D/g, '') ?? '';
      const card = { cardBrand: cardBrand(number), cardLast4: cardLast4(number) };
      const decision = typed
        ? decideCard(typed)
        : { outcome: 'failed' as const, reason: SANDBOX_MSG.unknownCard };
      if (decision.outcome === 'paid') return { ...charge, ...card, status: 'paid', paidAt: options.now() };
      return { ...charge, ...card, status: 'failed', failureReason: decision.reason };
    },

    async refund(input) {
      // Nothing was charged for real: the refund always succeeds, at once.
      const charge = settled.get(input.paymentId);
      if (charge) settled.set(input.paymentId, { ...charge, status: 'refunded' });
      return { status: 'refunded' as const };
    },

    pixCode(reference, amount) {
      return buildBrCode({ ...options.pix(), amount, txid: reference });
    },

    customerActed(input) {
      const webhook = this.signedWebhook(input);
      if (input.outcome !== 'expired') {
        settled.set(
          input.reference,
          chargeOfWebhook(JSON.parse(webhook.rawBody) as SandboxWebhookBody, input.outcome),
        );
      }
      return webhook;
    },

    signedWebhook(input) {
      const body: SandboxWebhookBody = {
        id: `hook_sbx_${newId()}`,
        type: `${input.target}.${input.outcome}`,
        created_at: options.now().toISOString(),
        data: {
          reference: input.reference,
          target: input.target,
          method: input.outcome === 'expired' ? null : input.method,
          amount: input.amount,
          charge_id: input.chargeId ?? (input.outcome === 'expired' ? null : `sbx_ch_${newId()}`),
          card_brand:
            input.method === 'credit_card' && input.outcome !== 'expired'
              ? (input.card?.brand ?? 'Visa')
              : null,
          card_last4:
            input.method === 'credit_card' && input.outcome !== 'expired'
              ? (input.card?.last4 ??
                (input.outcome === 'paid'
                  ? SANDBOX_APPROVED_CARD.slice(-4)
                  : SANDBOX_DECLINED_CARD.slice(-4)))
              : null,
          failure_reason:
            input.outcome === 'failed' ? (input.failureReason ?? SANDBOX_MSG.failedAttempt) : null,
        },
      };
      const rawBody = JSON.stringify(body);
      const timestamp = String(options.now().getTime());
      return {
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(timestamp, rawBody)}`,
        },
        rawBody,
      };
    },

    verifyWebhook({ headers, rawBody }: WebhookRequest) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') return false;
      const parts = Object.fromEntries(
        header.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
      );
      const timestamp = parts.t;
      const given = parts.v1;
      if (!timestamp || !given || !/^\d+$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
      if (Math.abs(options.now().getTime() - Number(timestamp)) > SIGNATURE_TOLERANCE_MS) return false;
      const expected = Buffer.from(sign(timestamp, rawBody), 'hex');
      return timingSafeEqual(expected, Buffer.from(given, 'hex'));
    },

    async parseWebhook(rawBody) {
      const body = JSON.parse(rawBody) as SandboxWebhookBody;
      const outcome = body.type.split('.')[1];
      if (
        !body.id ||
        !body.data?.reference ||
        (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'expired')
      ) {
        return {
          hookId: body.id ?? '',
          type: body.type,
          outcome: 'ignored',
          reference: null,
          providerLinkId: null,
          charge: null,
        };
      }
      const { data } = body;
      const charge = outcome === 'expired' ? null : chargeOfWebhook(body, outcome);
      const event: PaymentEvent = {
        hookId: body.id,
        type: body.type,
        outcome,
        reference: data.reference,
        providerLinkId: null,
        charge,
      };
      return event;
    },

    async status(): Promise<ProviderStatus<PaymentProviderName>> {
      return {
        provider: 'sandbox',
        configured: false,
        ok: true,
        detail:
          'Ambiente de testes (sandbox): nenhum valor real é cobrado. Defina PAGARME_SECRET_KEY para usar o Pagar.me.',
      };
    },
  };
}
