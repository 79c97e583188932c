/**
 * Pagar.me v5 (core API). Basic auth with the secret key as the user name; an `Idempotency-Key` on
 * every create, reused when a create is retried after a network failure. Wire names follow the
 * fixtures in tests/fixtures/pagarme (taken from the docs, the SDK and real answers).
 *
 * Rules the API imposes on us:
 * - a 200 on POST /orders is not a payment: the charge status says whether it was paid;
 * - a payment link has no "paid" status: payment shows as an order (webhook `order.paid`, or a
 *   GET of the orders with our code) or as the link's paid sessions;
 * - v5 webhooks carry no signature: the URL is protected with Basic credentials (compared in
 *   constant time) and every event is re-fetched from the API before anything changes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { brazilianPhoneParts, pagarmeHolderName } from '../../../shared/card-fields';
import { PAYMENT_LINK_TTL_HOURS, type PaymentMethod } from '../../../shared/plans';
import { providerText } from '../provider-status';
import type {
  ChargeResult,
  CreateChargeInput,
  FoundOrder,
  PaymentEvent,
  PaymentProvider,
  ProviderCustomer,
  WebhookRequest,
} from './types';
import { ProviderError } from './types';

export interface PagarmeOptions {
  apiUrl: string;
  secretKey: string;
  /** `pk_…`: sent by browsers to `POST /tokens?appId=` so card data goes to Pagar.me only. */
  publicKey?: string;
  webhookUser?: string;
  webhookPassword?: string;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
}

export const PAGARME_MSG = {
  unavailable: 'Serviço de pagamento indisponível no momento. Tente novamente.',
  refused: 'O Pagar.me recusou a operação',
} as const;

// ------------------------------------------------------------------ wire types (the parts we read)

interface PagarmeTransaction {
  id?: string;
  status?: string;
  acquirer_message?: string;
  qr_code?: string;
  expires_at?: string;
  card?: { brand?: string; last_four_digits?: string };
  gateway_response?: { errors?: { message?: string }[] };
}

interface PagarmeCharge {
  id: string;
  code?: string;
  metadata?: Record<string, unknown> | null;
  amount?: number;
  paid_amount?: number;
  status?: string;
  payment_method?: string;
  paid_at?: string;
  last_transaction?: PagarmeTransaction;
  order?: { id?: string; code?: string; status?: string; metadata?: Record<string, unknown> | null };
}

interface PagarmeOrder {
  id: string;
  code?: string;
  amount?: number;
  status?: string;
  charges?: PagarmeCharge[];
  metadata?: Record<string, unknown> | null;
  /** Seen on orders born from a checkout/link in some integrations; not in the v5 reference. */
  payment_link_id?: string;
  checkouts?: { id?: string; payment_link_id?: string; code?: string }[];
}

interface PagarmeLink {
  id: string;
  url: string;
  status?: string;
  total_paid_sessions?: number;
}

/** A webhook as it arrives: only its id, type and the id of what to re-fetch are read. */
interface PagarmeWebhook {
  id?: string;
  type?: string;
  data?: { id?: string };
}

// ------------------------------------------------------------------ mapping helpers

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

function chargeStatus(status: string | undefined): ChargeResult['status'] {
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
    case 'chargedback':
      return 'refunded';
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

export function chargeResultOf(charge: PagarmeCharge, orderId: string | null): ChargeResult {
  const transaction = charge.last_transaction ?? {};
  const status = chargeStatus(charge.status);
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
  return chargeResultOf(charge, order.id);
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
function addressOf(customer: ProviderCustomer) {
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

function itemCode(description: string) {
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

/** `order.paid` / `charge.paid` / `charge.refunded` whose re-fetched state does not (yet) say so. */
function announcedButNotSeen(type: string, outcome: PaymentEvent['outcome']): boolean {
  const announced = type.endsWith('.paid') ? 'paid' : type.endsWith('.refunded') ? 'refunded' : null;
  return announced !== null && outcome !== announced;
}

function withFirst(keys: { references: string[]; providerLinkIds: string[] }) {
  return {
    reference: keys.references[0] ?? null,
    providerLinkId: keys.providerLinkIds[0] ?? null,
    references: keys.references,
    providerLinkIds: keys.providerLinkIds,
  };
}

function keysOfOrder(order: PagarmeOrder) {
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

// ------------------------------------------------------------------ the provider

/** Pages of 30 read at most when listing the orders of one code. */
const ORDER_PAGES = 5;

export function createPagarmeProvider(options: PagarmeOptions): PaymentProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const secrets = [options.secretKey, options.webhookPassword];

  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const attempt = async () => {
      const headers: Record<string, string> = { authorization, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      return fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    };
    // No answer (network, timeout) or a 5xx: the request may have been carried out all the same.
    const unknown = (status?: number) => new ProviderError(PAGARME_MSG.unavailable, status, true);
    let response: Response;
    try {
      response = await attempt();
      // A create with an idempotency key is safe to repeat once after a server-side failure.
      if (response.status >= 500 && idempotencyKey) response = await attempt();
    } catch {
      // Network failure or timeout: only a create carrying its idempotency key may be repeated.
      if (!idempotencyKey) throw unknown();
      try {
        response = await attempt();
      } catch {
        throw unknown();
      }
    }
    if (response.status >= 500) throw unknown(response.status);
    const text = await response.text();
    if (!response.ok) {
      let message = '';
      try {
        const parsed = JSON.parse(text) as { message?: string };
        message = parsed.message ?? '';
      } catch {
        // not JSON: keep only the status
      }
      const detail = providerText(
        message ? `${PAGARME_MSG.refused}: ${message}` : PAGARME_MSG.refused,
        secrets,
      );
      throw new ProviderError(response.status >= 500 ? PAGARME_MSG.unavailable : detail, response.status);
    }
    return (text ? JSON.parse(text) : {}) as T;
  }

  const getOrder = (id: string) => call<PagarmeOrder>('GET', `/orders/${encodeURIComponent(id)}`);
  const getCharge = (id: string) => call<PagarmeCharge>('GET', `/charges/${encodeURIComponent(id)}`);

  /**
   * The orders under one of our codes: `GET /orders?code=` answers the documented paged list
   * `{ data, paging: { total, previous, next } }` (30 a page at most), walked to its end (a few
   * pages at most: one code has one order per attempt). Only orders carrying that exact code count.
   */
  async function ordersByCode(code: string, status?: 'paid'): Promise<PagarmeOrder[]> {
    const found: PagarmeOrder[] = [];
    for (let page = 1; page <= ORDER_PAGES; page++) {
      const query = `code=${encodeURIComponent(code)}${status ? `&status=${status}` : ''}`;
      const list = await call<{ data?: PagarmeOrder[]; paging?: { next?: string | null } }>(
        'GET',
        `/orders?${query}&page=${page}&size=30`,
      );
      found.push(...(list.data ?? []));
      if (!list.paging?.next || !list.data?.length) break;
    }
    return found.filter((order) => order.code === code);
  }

  /** The paid order of a link, found by our order code. */
  async function findPaidOrder(code: string): Promise<PagarmeOrder | null> {
    return (await ordersByCode(code, 'paid')).find((order) => order.status === 'paid') ?? null;
  }

  function expectedCredentials(): Buffer | null {
    if (!options.webhookUser || !options.webhookPassword) return null;
    return createHash('sha256').update(`${options.webhookUser}:${options.webhookPassword}`).digest();
  }

  return {
    name: 'pagarme',

    cardTokenizer() {
      return options.publicKey ? { url: `${base}/tokens`, publicKey: options.publicKey } : null;
    },

    async createPaymentLink(input) {
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
      const link = await call<PagarmeLink>('POST', '/paymentlinks', body, `link-${input.linkId}`);
      if (!link.id || !link.url) throw new ProviderError(PAGARME_MSG.unavailable);
      return { providerLinkId: link.id, url: link.url };
    },

    async getPaymentLinkStatus(link) {
      if (!link.providerLinkId) return { paid: false, charge: null };
      const remote = await call<PagarmeLink>(
        'GET',
        `/paymentlinks/${encodeURIComponent(link.providerLinkId)}`,
      );
      if (!remote.total_paid_sessions) return { paid: false, charge: null };
      // A paid session is not enough: without its order we know neither the charge nor the amount.
      // Until the order shows, the link stays pending and the webhook (which names it) decides.
      const order = (await findPaidOrder(link.id)) ?? (await findPaidOrder(link.providerLinkId));
      const charge = order ? orderChargeResult(order) : null;
      return charge?.providerChargeId ? { paid: true, charge } : { paid: false, charge: null };
    },

    async createCharge(input: CreateChargeInput) {
      const customer = wireCustomer(input.customer);
      const payment =
        input.method === 'pix'
          ? { payment_method: 'pix', pix: { expires_in: input.pixExpiresInSeconds ?? 1800 } }
          : {
              payment_method: 'credit_card',
              credit_card: {
                installments: 1,
                statement_descriptor: 'CONFRARIA',
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
      const order = await call<PagarmeOrder>(
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
          customer,
          payments: [payment],
          // Echoed on every read of the order: one more field to match it by (ADR 020), and the
          // attempt, so a lookup by our code tells this attempt's order from earlier ones (ADR 030).
          metadata: { payment_id: input.paymentId, attempt: String(input.attempt) },
          closed: true,
        },
        // One key per attempt: a retry of this attempt (ours or the adapter's) is never a second order.
        `order-${input.paymentId}-${input.attempt}`,
      );
      return orderChargeResult(order);
    },

    async refund(input) {
      const charge = await call<PagarmeCharge>(
        'DELETE',
        `/charges/${encodeURIComponent(input.providerChargeId)}`,
        { amount: input.amount },
        `refund-${input.paymentId}-${input.attempt}`,
      );
      const state = chargeStatus(charge.status);
      if (state === 'refunded') return { status: 'refunded' };
      if (state === 'refunding') return { status: 'processing' };
      throw new ProviderError(PAGARME_MSG.refused);
    },

    async findOrders({ reference }): Promise<FoundOrder[]> {
      return (await ordersByCode(reference)).map((order) => {
        const attempt = Number(order.metadata?.attempt);
        return {
          attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : null,
          charge: orderChargeResult(order),
        };
      });
    },

    async getCharge(input) {
      if (!input.providerChargeId) return null;
      const remote = await getCharge(input.providerChargeId);
      return chargeResultOf(remote, remote.order?.id ?? null);
    },

    verifyWebhook({ headers }: WebhookRequest) {
      const expected = expectedCredentials();
      const header = headers.authorization;
      if (!expected || typeof header !== 'string') return false;
      const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
      if (!match?.[1]) return false;
      const given = createHash('sha256').update(Buffer.from(match[1], 'base64').toString('utf8')).digest();
      // Hashing first makes both sides the same length, so the comparison leaks nothing about it.
      return timingSafeEqual(expected, given);
    },

    async parseWebhook(rawBody) {
      const hook = JSON.parse(rawBody) as PagarmeWebhook;
      const hookId = hook.id ?? '';
      const type = hook.type ?? '';
      const dataId = hook.data?.id;
      const ignored: PaymentEvent = {
        hookId,
        type,
        outcome: 'ignored',
        reference: null,
        providerLinkId: null,
        charge: null,
      };
      if (!hookId || !dataId) return ignored;

      // Re-fetch: the webhook body is only a hint of what to look at (v5 does not sign it).
      if (type.startsWith('order.')) {
        const order = await getOrder(dataId);
        const charge = orderChargeResult(order);
        const outcome = charge.status === 'paid' ? 'paid' : charge.status === 'failed' ? 'failed' : 'ignored';
        return {
          hookId,
          type,
          outcome,
          // A paid order whose charge is not listed yet: asked again later, never confirmed blind.
          retryLater: announcedButNotSeen(type, outcome) || (outcome === 'paid' && !charge.providerChargeId),
          ...keysOfOrder(order),
          charge,
        };
      }
      if (type.startsWith('charge.')) {
        // Only what Pagar.me answers to the re-fetch: the body's code, metadata and order are a
        // claim anyone holding the webhook URL could write (ADR 030).
        const remote = await getCharge(dataId);
        const charge = chargeResultOf(remote, remote.order?.id ?? null);
        const outcome =
          charge.status === 'paid'
            ? 'paid'
            : charge.status === 'failed'
              ? 'failed'
              : charge.status === 'refunded'
                ? 'refunded'
                : 'ignored';
        const keys = matchKeys({
          codes: [remote.code, remote.order?.code],
          metadata: [remote.metadata, remote.order?.metadata],
        });
        return {
          hookId,
          type,
          outcome,
          retryLater: announcedButNotSeen(type, outcome),
          ...withFirst(keys),
          charge,
        };
      }
      return ignored;
    },

    async status() {
      const webhookReady = Boolean(options.webhookUser && options.webhookPassword);
      try {
        await call('GET', '/orders?size=1');
        return {
          provider: 'pagarme',
          configured: true,
          ok: true,
          detail: webhookReady
            ? 'Pagar.me conectado'
            : 'Pagar.me conectado, mas PAGARME_WEBHOOK_USER/PAGARME_WEBHOOK_PASSWORD não estão definidos: webhooks serão recusados',
        };
      } catch (error) {
        return {
          provider: 'pagarme',
          configured: true,
          ok: false,
          detail: providerText((error as Error).message, secrets),
        };
      }
    },
  };
}
