/**
 * The built-in sandbox provider (DECISIONS §6): no account, no network. Links and charges live in
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

export const SANDBOX_MSG = {
  declined: 'Cartão recusado pelo emissor (cartão de teste recusado)',
  unknownCard:
    'Cartão não aceito no ambiente de testes. Use 4111 1111 1111 1111 (aprovado) ou 4000 0000 0000 0002 (recusado).',
  failedAttempt: 'Pagamento recusado no ambiente de testes',
} as const;

export type SandboxOutcome = 'paid' | 'failed' | 'expired';

export interface SandboxProviderOptions {
  /** Read at call time: the public URL may be known only after the server listens (e2e). */
  publicUrl: () => string;
  pix: () => { pixKey: string; merchantName: string; merchantCity: string };
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

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Builds the signed webhook that announces an outcome for a link or an in-page charge. */
  signedWebhook(input: SandboxActInput): { headers: Record<string, string>; rawBody: string };
  /**
   * The customer acted on the sandbox's page: the sandbox records the outcome as its own state
   * (what reconciliation reads back) and returns the webhook that announces it.
   */
  customerActed(input: SandboxActInput): { headers: Record<string, string>; rawBody: string };
}

export interface SandboxActInput {
  reference: string;
  target: 'payment_link' | 'charge';
  outcome: SandboxOutcome;
  method: PaymentMethod;
  amount: number;
  chargeId?: string | null;
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

    async createCharge(input) {
      const charge = baseCharge(input.amount, input.method);
      if (input.method === 'pix') {
        const expiresAt = new Date(options.now().getTime() + (input.pixExpiresInSeconds ?? 1800) * 1000);
        const qrCodeText = buildBrCode({ ...options.pix(), amount: input.amount, txid: input.paymentId });
        return { ...charge, pix: { qrCodeText, expiresAt } };
      }
      const number = input.card?.number.replace(/\D/g, '') ?? '';
      const card = { cardBrand: cardBrand(number), cardLast4: cardLast4(number) };
      if (number === SANDBOX_APPROVED_CARD)
        return { ...charge, ...card, status: 'paid', paidAt: options.now() };
      const failureReason = number === SANDBOX_DECLINED_CARD ? SANDBOX_MSG.declined : SANDBOX_MSG.unknownCard;
      return { ...charge, ...card, status: 'failed', failureReason };
    },

    async refund(input) {
      // Nothing was charged for real: the refund always succeeds, at once.
      const charge = settled.get(input.paymentId);
      if (charge) settled.set(input.paymentId, { ...charge, status: 'refunded' });
      return { status: 'refunded' as const };
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
          card_brand: input.method === 'credit_card' && input.outcome !== 'expired' ? 'Visa' : null,
          card_last4:
            input.method === 'credit_card' && input.outcome !== 'expired'
              ? input.outcome === 'paid'
                ? SANDBOX_APPROVED_CARD.slice(-4)
                : SANDBOX_DECLINED_CARD.slice(-4)
              : null,
          failure_reason: input.outcome === 'failed' ? SANDBOX_MSG.failedAttempt : null,
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
