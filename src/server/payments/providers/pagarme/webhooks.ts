/**
 * Pagar.me v5 webhooks carry no signature: the URL is protected with Basic credentials (compared
 * in constant time) and every event is re-fetched from the API before anything changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ChargeResult, PaymentEvent, WebhookRequest } from '../types';
import type { PagarmeClient, PagarmeOptions } from './client';
import {
  announcedButNotSeen,
  chargeResultOf,
  keysOfOrder,
  matchKeys,
  orderChargeResult,
  withFirst,
} from './mapping';
import type { PagarmeWebhook } from './wire';

function expectedCredentials(options: PagarmeOptions): Buffer | null {
  if (!options.webhookUser || !options.webhookPassword) return null;
  return createHash('sha256').update(`${options.webhookUser}:${options.webhookPassword}`).digest();
}

export function verifyWebhook(options: PagarmeOptions, { headers }: WebhookRequest): boolean {
  const expected = expectedCredentials(options);
  const header = headers.authorization;
  if (!expected || typeof header !== 'string') return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = createHash('sha256').update(Buffer.from(match[1], 'base64').toString('utf8')).digest();
  // Hashing first makes both sides the same length, so the comparison leaks nothing about it.
  return timingSafeEqual(expected, given);
}

type Hook = { hookId: string; type: string };

/** `order.*`: the order as Pagar.me answers it now. */
async function orderEvent(client: PagarmeClient, hook: Hook, orderId: string): Promise<PaymentEvent> {
  const order = await client.getOrder(orderId);
  const charge = orderChargeResult(order);
  const outcome = charge.status === 'paid' ? 'paid' : charge.status === 'failed' ? 'failed' : 'ignored';
  return {
    ...hook,
    outcome,
    // A paid order whose charge is not listed yet: asked again later, never confirmed blind.
    retryLater: announcedButNotSeen(hook.type, outcome) || (outcome === 'paid' && !charge.providerChargeId),
    ...keysOfOrder(order),
    charge,
  };
}

const CHARGE_OUTCOMES: Partial<Record<ChargeResult['status'], PaymentEvent['outcome']>> = {
  paid: 'paid',
  failed: 'failed',
  refunded: 'refunded',
  chargedback: 'chargedback',
};

/** A paid charge with part of it given back is a partial refund; otherwise its status says. */
const chargeOutcome = (charge: ChargeResult): PaymentEvent['outcome'] =>
  charge.status === 'paid' && charge.refundedAmount
    ? 'partially_refunded'
    : (CHARGE_OUTCOMES[charge.status] ?? 'ignored');

/**
 * `charge.*`: only what Pagar.me answers to the re-fetch; the body's code, metadata and order are
 * a claim anyone holding the webhook URL could write (ADR 030).
 */
async function chargeEvent(client: PagarmeClient, hook: Hook, chargeId: string): Promise<PaymentEvent> {
  const remote = await client.getCharge(chargeId);
  const charge = chargeResultOf(remote, remote.order?.id ?? null);
  const outcome = chargeOutcome(charge);
  const keys = matchKeys({
    codes: [remote.code, remote.order?.code],
    metadata: [remote.metadata, remote.order?.metadata],
  });
  return {
    ...hook,
    outcome,
    retryLater: announcedButNotSeen(hook.type, outcome),
    ...withFirst(keys),
    charge,
  };
}

export async function parseWebhook(client: PagarmeClient, rawBody: string): Promise<PaymentEvent> {
  const body = JSON.parse(rawBody) as PagarmeWebhook;
  const hook = { hookId: body.id ?? '', type: body.type ?? '' };
  const dataId = body.data?.id;
  const ignored: PaymentEvent = {
    ...hook,
    outcome: 'ignored',
    reference: null,
    providerLinkId: null,
    charge: null,
  };
  if (!hook.hookId || !dataId) return ignored;
  // Re-fetch: the webhook body is only a hint of what to look at (v5 does not sign it).
  if (hook.type.startsWith('order.')) return orderEvent(client, hook, dataId);
  if (hook.type.startsWith('charge.')) return chargeEvent(client, hook, dataId);
  return ignored;
}
