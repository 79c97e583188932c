/** The sandbox's webhooks: HMAC-signed with a timestamp, verified and read back like a provider's. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '../../../../shared/plans';
import { newId } from '../../../lib/ids';
import type { ChargeResult, PaymentEvent, SavedCard, WebhookRequest } from '../types';
import { savedCardOf, type TypedCard } from './cards';
import {
  SANDBOX_APPROVED_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_MSG,
  SANDBOX_SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_MS,
} from './constants';

export type SandboxOutcome = 'paid' | 'failed' | 'expired';

export interface SandboxActInput {
  reference: string;
  target: 'payment_link' | 'charge';
  outcome: SandboxOutcome;
  method: PaymentMethod;
  amount: number;
  chargeId?: string | null;
  /** The card typed on the sandbox's page (brand and last four only). */
  card?: { brand: string; last4: string } | null;
  /**
   * The whole card typed on the page and whose customer paid (our subscriber id, the order's
   * `customer.code`): a paid card is kept for that customer, as Pagar.me keeps it, and the webhook
   * names only its reference, brand, last four and expiry.
   */
  typedCard?: TypedCard | null;
  customerCode?: string | null;
  /** The provider's reason for a refusal, as the customer will read it. */
  failureReason?: string | null;
}

export interface SandboxWebhookBody {
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
    /** A paid card kept for the customer (Pagar.me's `customer.id` and `last_transaction.card`). */
    customer_id?: string | null;
    card_id?: string | null;
    card_exp_month?: number | null;
    card_exp_year?: number | null;
  };
}

/** What signs and checks: the secret and the sandbox's clock. */
export interface WebhookSigner {
  secret: string;
  now: () => Date;
}

const sign = ({ secret }: WebhookSigner, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The card a paid card webhook says the sandbox kept, or null. */
function savedCardOfWebhook(data: SandboxWebhookBody['data'], outcome: 'paid' | 'failed'): SavedCard | null {
  if (outcome !== 'paid' || data.method !== 'credit_card' || !data.card_id || !data.customer_id) return null;
  return {
    providerCustomerId: data.customer_id,
    providerCardId: data.card_id,
    brand: data.card_brand,
    last4: data.card_last4,
    expMonth: data.card_exp_month ?? null,
    expYear: data.card_exp_year ?? null,
  };
}

export function chargeOfWebhook(body: SandboxWebhookBody, outcome: 'paid' | 'failed'): ChargeResult {
  const { data } = body;
  const savedCard = savedCardOfWebhook(data, outcome);
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
    ...(savedCard ? { savedCard } : {}),
  };
}

/** The card the sandbox keeps for the customer of a paid card typed on its page, or null. */
function keptCard(input: SandboxActInput) {
  if (input.outcome !== 'paid' || input.method !== 'credit_card') return null;
  if (!input.typedCard || !input.customerCode) return null;
  return savedCardOf(input.customerCode, input.typedCard);
}

/** The card a webhook names: the one typed, else the test card of the outcome; none for a PIX or an expiry. */
function cardOf(input: SandboxActInput) {
  if (input.method !== 'credit_card' || input.outcome === 'expired') return { brand: null, last4: null };
  const testCard = input.outcome === 'paid' ? SANDBOX_APPROVED_CARD : SANDBOX_DECLINED_CARD;
  return { brand: input.card?.brand ?? 'Visa', last4: input.card?.last4 ?? testCard.slice(-4) };
}

function webhookData(input: SandboxActInput): SandboxWebhookBody['data'] {
  const expiredLink = input.outcome === 'expired';
  const card = cardOf(input);
  const kept = keptCard(input);
  return {
    reference: input.reference,
    target: input.target,
    method: expiredLink ? null : input.method,
    amount: input.amount,
    charge_id: input.chargeId ?? (expiredLink ? null : `sbx_ch_${newId()}`),
    card_brand: card.brand,
    card_last4: card.last4,
    failure_reason: input.outcome === 'failed' ? (input.failureReason ?? SANDBOX_MSG.failedAttempt) : null,
    ...(kept
      ? {
          customer_id: kept.providerCustomerId,
          card_id: kept.providerCardId,
          card_exp_month: kept.expMonth,
          card_exp_year: kept.expYear,
        }
      : {}),
  };
}

/** Builds the signed webhook that announces an outcome for a link or an in-page charge. */
export function signedWebhook(signer: WebhookSigner, input: SandboxActInput) {
  const body: SandboxWebhookBody = {
    id: `hook_sbx_${newId()}`,
    type: `${input.target}.${input.outcome}`,
    created_at: signer.now().toISOString(),
    data: webhookData(input),
  };
  const rawBody = JSON.stringify(body);
  const timestamp = String(signer.now().getTime());
  return {
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(signer, timestamp, rawBody)}`,
    },
    rawBody,
  };
}

export function verifyWebhook(signer: WebhookSigner, { headers, rawBody }: WebhookRequest): boolean {
  const header = headers[SANDBOX_SIGNATURE_HEADER];
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const timestamp = parts.t;
  const given = parts.v1;
  if (!timestamp || !given || !/^\d+$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(signer.now().getTime() - Number(timestamp)) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(sign(signer, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function parseWebhook(rawBody: string): PaymentEvent {
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
  return {
    hookId: body.id,
    type: body.type,
    outcome,
    reference: body.data.reference,
    providerLinkId: null,
    charge: outcome === 'expired' ? null : chargeOfWebhook(body, outcome),
  };
}
