/** Pagar.me's answers mapped to ours (charges, dates, match keys) and our customer to its wire shape. */
import { brazilianPhoneParts } from '../../../../shared/card-fields';
import type { PaymentMethod } from '../../../../shared/plans';
import type { ChargeResult, PaymentEvent, ProviderCustomer, SavedCard } from '../types';
import type { PagarmeCharge, PagarmeOrder } from './wire';

/** Timestamps come with 0, 3 or 7 decimals and sometimes no zone (fixtures README): parse leniently. */
export function parseProviderDate(value: string | undefined | null): Date | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!match) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const fraction = match[2] ? match[2].slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${match[1]}${fraction}${match[3] ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function chargeStatus(status: string | undefined): ChargeResult['status'] {
  switch (status) {
    // `underpaid`: money was received, less than asked. Its `paid_amount` says how much, and the
    // confirmation records it as received (for the owner to refund), never as a payment in full.
    case 'paid':
    case 'overpaid':
    case 'underpaid':
      return 'paid';
    case 'failed':
    case 'not_authorized':
      return 'failed';
    case 'canceled':
    case 'refunded':
    case 'voided':
      return 'refunded';
    case 'chargedback':
      // Documented v5 status (PSP accounts): the holder disputed the charge, the money went back.
      return 'chargedback';
    case 'pending_refund':
      // A refund accepted and not completed yet (PIX refunds): still paid until it completes.
      return 'refunding';
    default:
      // pending, processing, waiting_payment, authorized_pending_capture…: not money yet.
      return 'pending';
  }
}

function chargeMethod(method: string | undefined): PaymentMethod | null {
  if (method === 'credit_card' || method === 'pix') return method;
  return null;
}

/**
 * A charge as ours. `customerId` is the order's customer, for a charge read from its order; a charge
 * read alone (a `charge.*` webhook's re-fetch, reconciliation) names its own `customer.id`.
 */
export function chargeResultOf(
  charge: PagarmeCharge,
  orderId: string | null,
  customerId: string | null = null,
): ChargeResult {
  const transaction = charge.last_transaction ?? {};
  const status = chargeStatus(charge.status);
  const savedCard = savedCardOf(charge, charge.customer?.id ?? customerId);
  const failureReason =
    status === 'failed'
      ? (transaction.acquirer_message ?? transaction.gateway_response?.errors?.[0]?.message ?? null)
      : null;
  const pixExpires = parseProviderDate(transaction.expires_at);
  return {
    status,
    providerOrderId: orderId ?? charge.order?.id ?? null,
    providerChargeId: charge.id,
    method: chargeMethod(charge.payment_method),
    // A paid charge counts only what Pagar.me says was paid; missing means "ask again", never 0.
    amount: status === 'paid' ? (charge.paid_amount ?? null) : (charge.amount ?? null),
    paidAt: status === 'paid' ? (parseProviderDate(charge.paid_at) ?? null) : null,
    cardBrand: transaction.card?.brand ?? null,
    cardLast4: transaction.card?.last_four_digits ?? null,
    failureReason,
    pix:
      transaction.qr_code && pixExpires ? { qrCodeText: transaction.qr_code, expiresAt: pixExpires } : null,
    refundedAmount:
      typeof charge.canceled_amount === 'number' && charge.canceled_amount > 0
        ? charge.canceled_amount
        : null,
    ...(savedCard ? { savedCard } : {}),
  };
}

/** The charge that tells an order's outcome: a paid one if any, otherwise the latest. */
export function orderChargeResult(order: PagarmeOrder): ChargeResult {
  const charges = order.charges ?? [];
  const charge = charges.find((entry) => entry.status === 'paid') ?? charges[charges.length - 1];
  if (!charge) {
    return {
      status: chargeStatus(order.status),
      providerOrderId: order.id,
      providerChargeId: null,
      method: null,
      // No charge listed: nothing says what was paid.
      amount: null,
      paidAt: null,
      cardBrand: null,
      cardLast4: null,
      failureReason: null,
      pix: null,
    };
  }
  return chargeResultOf(charge, order.id, order.customer?.id ?? null);
}

/**
 * The card a paid card charge left on its customer: the customer's `id` and the transaction's
 * `card.id` (kept on the customer: inferred, docs/decisions/052-automatic-renewal.md).
 */
function savedCardOf(charge: PagarmeCharge, customerId: string | null | undefined): SavedCard | null {
  const card = charge.last_transaction?.card;
  if (chargeStatus(charge.status) !== 'paid' || charge.payment_method !== 'credit_card') return null;
  if (!card?.id || !customerId) return null;
  return {
    providerCustomerId: customerId,
    providerCardId: card.id,
    brand: card.brand ?? null,
    last4: card.last_four_digits ?? null,
    expMonth: typeof card.exp_month === 'number' ? card.exp_month : null,
    expYear: typeof card.exp_year === 'number' ? card.exp_year : null,
  };
}

/**
 * Our customer in Pagar.me's wire shape (a `customer` of POST /orders), as the official SDK's
 * `CreateCustomerRequest` models it: `type`/`document_type`, `phones.mobile_phone` split into
 * country, area and number, and the `address` with `line_1`/`line_2`.
 */
export function wireCustomer(customer: ProviderCustomer) {
  // "011 98765-4321" is area 11: the long-distance 0 and +55 are not part of the area code.
  const phone = brazilianPhoneParts(customer.phone);
  return {
    name: customer.name,
    email: customer.email,
    code: customer.code,
    type: 'individual',
    document: customer.cpf.replace(/\D/g, ''),
    document_type: 'CPF',
    ...(phone
      ? { phones: { mobile_phone: { country_code: '55', area_code: phone.areaCode, number: phone.number } } }
      : {}),
    address: addressOf(customer),
  };
}

/** `line_1` is "number, street, neighbourhood" (Pagar.me's documented order); `line_2` the complement. */
export function addressOf(customer: ProviderCustomer) {
  const { address } = customer;
  const line1 = [address.number, address.street, address.neighborhood].filter(Boolean).join(', ');
  return {
    line_1: line1,
    ...(address.complement ? { line_2: address.complement } : {}),
    zip_code: address.zipCode.replace(/\D/g, ''),
    city: address.city,
    state: address.state,
    country: 'BR',
  };
}

export function itemCode(description: string) {
  return description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 52);
}

/** Metadata keys that may carry our reference (ours first: we send `payment_id`/`payment_link_id`). */
const REFERENCE_KEYS = ['payment_id', 'payment_link_id', 'order_code', 'code', 'reference'];
/** Metadata keys that may carry the provider's link id. */
const LINK_ID_KEYS = ['payment_link_id', 'paymentlink_id', 'link_id'];

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * Every candidate for our reference and for the `pl_` link id an order or charge may carry, in order
 * of trust, without duplicates. The public documentation does not say which of these an order born
 * from a payment link fills (ADR 020 lists them); the one production capture had `code` = the
 * `pl_` id and `metadata.session_id`. A value shaped like a link id (`pl_…`) counts as both.
 */
export function matchKeys(sources: {
  codes: (string | undefined | null)[];
  metadata: (Record<string, unknown> | null | undefined)[];
  linkIds?: (string | undefined | null)[];
}): { references: string[]; providerLinkIds: string[] } {
  const references = new Set<string>();
  const providerLinkIds = new Set<string>();
  const add = (value: unknown) => {
    const found = text(value);
    if (!found) return;
    references.add(found);
    if (found.startsWith('pl_')) providerLinkIds.add(found);
  };
  for (const code of sources.codes) add(code);
  for (const metadata of sources.metadata) for (const key of REFERENCE_KEYS) add(metadata?.[key]);
  for (const metadata of sources.metadata) {
    for (const key of LINK_ID_KEYS) {
      const found = text(metadata?.[key]);
      if (found) providerLinkIds.add(found);
    }
  }
  for (const id of sources.linkIds ?? []) {
    const found = text(id);
    if (found) providerLinkIds.add(found);
  }
  return { references: [...references], providerLinkIds: [...providerLinkIds] };
}

/** What re-fetched state settles an announced refund: given back in full, in part, or taken back. */
const REFUND_SEEN: PaymentEvent['outcome'][] = ['refunded', 'partially_refunded', 'chargedback'];

/**
 * `order.paid` / `charge.paid` / `charge.refunded` whose re-fetched state does not (yet) say so. A
 * `charge.refunded` of a charge still paid with part of it given back (a partial refund made in the
 * dashboard) is seen: asking for it again would never get another answer.
 */
export function announcedButNotSeen(type: string, outcome: PaymentEvent['outcome']): boolean {
  if (type.endsWith('.paid')) return outcome !== 'paid';
  if (type.endsWith('.refunded')) return !REFUND_SEEN.includes(outcome);
  return false;
}

export function withFirst(keys: { references: string[]; providerLinkIds: string[] }) {
  return {
    reference: keys.references[0] ?? null,
    providerLinkId: keys.providerLinkIds[0] ?? null,
    references: keys.references,
    providerLinkIds: keys.providerLinkIds,
  };
}

export function keysOfOrder(order: PagarmeOrder) {
  return withFirst(
    matchKeys({
      codes: [order.code, ...(order.charges ?? []).map((charge) => charge.code)],
      metadata: [order.metadata, ...(order.charges ?? []).map((charge) => charge.metadata)],
      linkIds: [
        order.payment_link_id,
        ...(order.checkouts ?? []).map((checkout) => checkout.payment_link_id),
      ],
    }),
  );
}
