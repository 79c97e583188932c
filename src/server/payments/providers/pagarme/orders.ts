/** Payment links, in-page charges, refunds and the reads that settle them, at Pagar.me. */
import { pagarmeHolderName } from '../../../../shared/card-fields';
import { PAYMENT_LINK_TTL_HOURS } from '../../../../shared/plans';
import type { CreateChargeInput, FoundOrder, PaymentProvider, RecurringChargeInput } from '../types';
import { ProviderError } from '../types';
import { PAGARME_MSG, type PagarmeClient } from './client';
import {
  addressOf,
  chargeResultOf,
  chargeStatus,
  itemCode,
  orderChargeResult,
  wireCustomer,
} from './mapping';
import type { PagarmeCharge, PagarmeLink, PagarmeOrder } from './wire';

type Provider = PaymentProvider;

export async function createPaymentLink(
  client: PagarmeClient,
  input: Parameters<Provider['createPaymentLink']>[0],
): ReturnType<Provider['createPaymentLink']> {
  const body = {
    is_building: false,
    type: 'order',
    name: input.description,
    order_code: input.linkId,
    // One payment per link, and no payment after our own 48 h: without these a Pagar.me link
    // stays payable forever and by anyone who has the URL, any number of times.
    max_paid_sessions: 1,
    // Minutes (the link's `expires_in`; the PIX `expires_in` below is in seconds).
    expires_in: PAYMENT_LINK_TTL_HOURS * 60,
    payment_settings: {
      accepted_payment_methods: ['credit_card', 'pix'],
      credit_card_settings: {
        operation_type: 'auth_and_capture',
        installments: [{ number: 1, total: input.amount }],
      },
      pix_settings: { expires_in: 3600 },
    },
    cart_settings: {
      items: [{ name: input.description, amount: input.amount, default_quantity: 1 }],
    },
    flow_settings: { success_url: input.successUrl },
  };
  const link = await client.call<PagarmeLink>('POST', '/paymentlinks', body, `link-${input.linkId}`);
  if (!link.id || !link.url) throw new ProviderError(PAGARME_MSG.unavailable);
  return { providerLinkId: link.id, url: link.url };
}

export async function getPaymentLinkStatus(
  client: PagarmeClient,
  link: Parameters<Provider['getPaymentLinkStatus']>[0],
): ReturnType<Provider['getPaymentLinkStatus']> {
  if (!link.providerLinkId) return { paid: false, charge: null };
  const remote = await client.call<PagarmeLink>(
    'GET',
    `/paymentlinks/${encodeURIComponent(link.providerLinkId)}`,
  );
  if (!remote.total_paid_sessions) return { paid: false, charge: null };
  // A paid session is not enough: without its order we know neither the charge nor the amount.
  // Until the order shows, the link stays pending and the webhook (which names it) decides.
  const order = (await client.findPaidOrder(link.id)) ?? (await client.findPaidOrder(link.providerLinkId));
  const charge = order ? orderChargeResult(order) : null;
  return charge?.providerChargeId ? { paid: true, charge } : { paid: false, charge: null };
}

/**
 * `PATCH /paymentlinks/{id}/cancel` (the v5 reference's "Cancelar link de pagamento"; its answer's
 * body is not documented and never read: ADR 029 lists what is documented and what inferred). A refusal is read against the link itself: a paid session
 * means it was paid first; a link no longer active (cancelled by a try whose answer was lost,
 * expired) counts as done. A lost answer stays unknown (the caller keeps the link open and asks
 * again).
 */
export async function cancelPaymentLink(
  client: PagarmeClient,
  link: Parameters<Provider['cancelPaymentLink']>[0],
): ReturnType<Provider['cancelPaymentLink']> {
  // Never opened at the provider: there is nothing anyone could pay.
  if (!link.providerLinkId) return { status: 'cancelled' };
  const path = `/paymentlinks/${encodeURIComponent(link.providerLinkId)}`;
  try {
    await client.call<PagarmeLink>('PATCH', `${path}/cancel`);
    return { status: 'cancelled' };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.outcomeUnknown) throw error;
    const remote = await client.call<PagarmeLink>('GET', path);
    if (remote.total_paid_sessions) return { status: 'paid' };
    // No longer active (cancelled by an earlier try whose answer was lost, or expired): nobody
    // can open a payment on it any more.
    if (remote.status && remote.status !== 'active') return { status: 'cancelled' };
    throw error;
  }
}

/** The `payments` entry of an order: a PIX, or a card by its token (or its data, for tests and scripts). */
function paymentOf(input: CreateChargeInput) {
  if (input.method === 'pix') {
    return { payment_method: 'pix', pix: { expires_in: input.pixExpiresInSeconds ?? 1800 } };
  }
  return {
    payment_method: 'credit_card',
    credit_card: {
      installments: 1,
      // The name on the member's card bill (the club's setting; at most 13 characters, ADR 030).
      ...(input.statementDescriptor ? { statement_descriptor: input.statementDescriptor } : {}),
      operation_type: 'auth_and_capture',
      // The token carries the card; the billing address goes with the order (a token has none).
      ...(input.cardToken
        ? { card_token: input.cardToken, card: { billing_address: addressOf(input.customer) } }
        : {
            card: {
              number: input.card?.number,
              holder_name: pagarmeHolderName(input.card?.holderName ?? ''),
              exp_month: input.card?.expMonth,
              exp_year: input.card?.expYear,
              cvv: input.card?.cvv,
              billing_address: addressOf(input.customer),
            },
          }),
    },
  };
}

/**
 * A closed order of one item for one attempt of our payment, under our code, and its charge's
 * result; `fields` say who pays and how.
 */
async function postOrder(
  client: PagarmeClient,
  input: Pick<CreateChargeInput, 'paymentId' | 'attempt' | 'amount' | 'description'>,
  fields: { customer?: object; customer_id?: string; payments: object[]; metadata?: object },
) {
  const order = await client.call<PagarmeOrder>(
    'POST',
    '/orders',
    {
      code: input.paymentId,
      items: [
        {
          amount: input.amount,
          description: input.description,
          quantity: 1,
          code: itemCode(input.description),
        },
      ],
      ...fields,
      // Echoed on every read of the order: one more field to match it by (ADR 020), and the
      // attempt, so a lookup by our code tells this attempt's order from earlier ones (ADR 030).
      metadata: { payment_id: input.paymentId, attempt: String(input.attempt), ...fields.metadata },
      closed: true,
    },
    // One key per attempt: a retry of this attempt (ours or the adapter's) is never a second order.
    `order-${input.paymentId}-${input.attempt}`,
  );
  return orderChargeResult(order);
}

export async function createCharge(client: PagarmeClient, input: CreateChargeInput) {
  return postOrder(client, input, { customer: wireCustomer(input.customer), payments: [paymentOf(input)] });
}

/**
 * A merchant-initiated order on the member's saved card (automatic renewal): the customer by its
 * Pagar.me id (`customer_id`) and the card by `card_id`, marked `recurrence: true` (documented as
 * "indicates a recurrence"), no CVV. Same code, metadata and key scheme as an in-page attempt, so a
 * lost answer is found by our code (ADR 030). `recurrency_cycle` / `initiated_type` are in the SDK
 * without documented values: not sent (docs/decisions/052-automatic-renewal.md).
 */
export async function chargeRecurring(client: PagarmeClient, input: RecurringChargeInput) {
  const { instrument } = input;
  return postOrder(client, input, {
    customer_id: instrument.providerCustomerId,
    payments: [
      {
        payment_method: 'credit_card',
        credit_card: {
          installments: 1,
          ...(input.statementDescriptor ? { statement_descriptor: input.statementDescriptor } : {}),
          operation_type: 'auth_and_capture',
          recurrence: true,
          card_id: instrument.providerCardId,
        },
      },
    ],
    metadata: { renewal: 'automatic' },
  });
}

export async function refund(
  client: PagarmeClient,
  input: Parameters<Provider['refund']>[0],
): ReturnType<Provider['refund']> {
  const charge = await client.call<PagarmeCharge>(
    'DELETE',
    `/charges/${encodeURIComponent(input.providerChargeId)}`,
    { amount: input.amount },
    `refund-${input.paymentId}-${input.attempt}`,
  );
  const state = chargeStatus(charge.status);
  if (state === 'refunded') return { status: 'refunded' };
  if (state === 'refunding') return { status: 'processing' };
  // A part of the charge given back (a surplus, or the rest after a partial refund): the charge
  // stays paid and its `canceled_amount` grows by at least what was asked.
  if (state === 'paid' && (charge.canceled_amount ?? 0) >= input.amount) return { status: 'refunded' };
  throw new ProviderError(PAGARME_MSG.refused);
}

/** What a read of the charge says about voiding it: done already, paid first, or still to do. */
function voidState(charge: PagarmeCharge): 'cancelled' | 'paid' | 'open' {
  const state = chargeStatus(charge.status);
  // Money was received (even if given back since, or disputed): the caller records the payment.
  if (state === 'paid' || state === 'refunding' || state === 'chargedback' || (charge.paid_amount ?? 0) > 0)
    return 'paid';
  // Cancelled, expired or refused: nobody can pay it any more.
  if (state === 'refunded' || state === 'failed' || state === 'cancelled') return 'cancelled';
  return 'open';
}

/**
 * `DELETE /charges/{id}` (the v5 "cancelar cobrança"), for a charge nobody paid. The charge is read
 * first: the same call refunds a paid charge in full, and an erasure must never give a member's
 * money back behind the owner's back. A refusal is read against the charge again (paid or
 * cancelled meanwhile); a lost answer stays unknown. The idempotency key is the payment's: a
 * retry of the void is never a second operation.
 */
export async function voidCharge(
  client: PagarmeClient,
  input: Parameters<Provider['voidCharge']>[0],
): ReturnType<Provider['voidCharge']> {
  const before = voidState(await client.getCharge(input.providerChargeId));
  if (before !== 'open') return { status: before };
  try {
    const answer = await client.call<PagarmeCharge>(
      'DELETE',
      `/charges/${encodeURIComponent(input.providerChargeId)}`,
      undefined,
      `void-${input.paymentId}`,
    );
    const after = voidState(answer);
    if (after !== 'open') return { status: after };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.outcomeUnknown) throw error;
    const remote = voidState(await client.getCharge(input.providerChargeId));
    if (remote !== 'open') return { status: remote };
    throw error;
  }
  throw new ProviderError(PAGARME_MSG.refused);
}

export async function findOrders(client: PagarmeClient, reference: string): Promise<FoundOrder[]> {
  return (await client.ordersByCode(reference)).map((order) => {
    const attempt = Number(order.metadata?.attempt);
    return {
      attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : null,
      charge: orderChargeResult(order),
    };
  });
}

export async function getCharge(client: PagarmeClient, providerChargeId: string | null) {
  if (!providerChargeId) return null;
  const remote = await client.getCharge(providerChargeId);
  return chargeResultOf(remote, remote.order?.id ?? null);
}
