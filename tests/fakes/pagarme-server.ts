/**
 * A fake Pagar.me v5 on loopback. It answers with the recorded fixtures (tests/fixtures/pagarme),
 * re-labelled with the codes, amounts and fresh ids of the requests it gets, keeps the orders,
 * charges and links it created so GETs (the re-fetch after a webhook) see the current state, and
 * checks what we send: Basic auth with the secret key, an Idempotency-Key on creates, the fields
 * the API requires. Anything wrong is answered 4xx and listed in `problems`.
 *
 * Test helpers play the customer's side: pay a link or a PIX order, and build the webhook bodies
 * Pagar.me would POST (`order.paid`, `charge.payment_failed`, `charge.refunded`); and the bank's
 * and the owner's: a chargeback, a PIX paid with more than asked, a part given back in the dashboard.
 *
 * Idempotency as Pagar.me documents it: the answer to a create is kept under its Idempotency-Key
 * (24 hours) and a request repeating the key gets that answer back, nothing created twice — also
 * when its body differs (the documentation's warning: the first request's answer comes back), which
 * the fake lists as a problem, since our retries of one attempt always repeat its body.
 * `loseAnswers(n, method?)` processes the next n requests (of that method only, when given) and
 * drops their answers (the connection closes), the case where Pagar.me charged a card and we never
 * heard back. `GET /orders` answers the
 * documented paged list `{ data, paging: { total, previous, next } }` (at most 30 per page).
 *
 * `PATCH /paymentlinks/{id}/cancel` voids an active link (the club cancelled it); a cancelled link
 * cannot be paid, and one paid first cannot be cancelled (412). `DELETE /charges/{id}` of a charge
 * nobody paid voids it (the charge and its order `canceled`); of a paid one, it refunds.
 *
 * Simulator cards (as in the Pagar.me sandbox): 4000000000000010 paid, 4000000000000028 refused.
 * Cards are tokenized as a browser does it: `POST /tokens?appId=<public key>` without the secret
 * key; a token lives 60 s and pays one order (`credit_card.card_token`).
 *
 * Saved cards (automatic renewal, ADR 052): a card order that is paid leaves its card on the
 * order's customer (one customer per `customer.code`), answered as `customer.id` and
 * `last_transaction.card.id`. An order with `customer_id` and `credit_card.card_id` (and
 * `recurrence: true`, no CVV, no card data) charges it again: refused when the card expired or
 * `declineSavedCard` was called, paid otherwise. A link paid by card (`payLink(id, { method:
 * 'credit_card' })`) keeps its card the same way (the simulator's paid card, valid to 12/2030).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixture JSON is handled structurally */
type Json = any;

const fixture = (name: string): Json =>
  JSON.parse(fs.readFileSync(new URL(`../fixtures/pagarme/${name}.json`, import.meta.url), 'utf8'));

export const PAGARME_PAID_CARD = '4000000000000010';
export const PAGARME_REFUSED_CARD = '4000000000000028';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function fakeId(prefix: string, length = 16): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return id;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Json;
}

/**
 * A `holder_name` as Pagar.me takes it: letters and spaces, at most 64 (ADR 020 says
 * what is documented of it and what is inferred).
 */
const HOLDER_NAME = /^[\p{L}\p{M} ]{1,64}$/u;

/** How long a card token lives (Pagar.me: 60 s, one use). */
export const PAGARME_TOKEN_TTL_MS = 60_000;

export interface FakePagarme {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  /** Tokens created through POST /tokens (the card stays here, as at Pagar.me). */
  tokens: Map<string, { card: Json; createdAt: number; used: boolean }>;
  requests: RecordedRequest[];
  /** Everything we sent that the real API would refuse. Tests assert it stays empty. */
  problems: string[];
  links: Map<string, Json>;
  orders: Map<string, Json>;
  /** Cards kept on customers by `card_…` id (the number stays here, as at Pagar.me). */
  savedCards: Map<
    string,
    { customerId: string; number: string; expMonth: number; expYear: number; declined: boolean }
  >;
  /** Saved cards deleted through `DELETE /customers/{id}/cards/{id}` (they leave `savedCards`). */
  deletedCards: Set<string>;
  /** From now on, charges on this saved card are refused by the issuer. */
  declineSavedCard(cardId: string): void;
  /** Pays a link: creates its paid order (code = our order_code, or the `pl_` id) and returns the `order.paid` webhook. */
  payLink(
    linkId: string,
    options?: { method?: 'pix' | 'credit_card'; codeAs?: 'order_code' | 'link_id'; amount?: number },
  ): Json;
  /** Marks a pending PIX order paid and returns the `order.paid` webhook. */
  payOrder(orderId: string): Json;
  /** The `charge.payment_failed` webhook of a (failed) order's charge. */
  chargeFailedWebhook(orderId: string): Json;
  /** The `charge.refunded` webhook of a charge already cancelled through DELETE. */
  chargeRefundedWebhook(chargeId: string): Json;
  /**
   * Refunds answer `pending_refund` (as Pagar.me does for PIX) instead of completing at once;
   * `completeRefund` finishes one and returns its `charge.refunded` webhook.
   */
  refundsPending: boolean;
  completeRefund(chargeId: string): Json;
  /** Makes the next requests fail with this status (e.g. 503) `times` times. */
  fail(times: number, status?: number): void;
  /**
   * Webhooks as registered in Pagar.me's dashboard (`pagarme:check --webhook`): after each answer,
   * `order.created` and `order.paid` for a new order, `charge.refunded` for a cancelled charge, in
   * order, with the Basic credentials. Null stops them.
   */
  deliverWebhooksTo(target: { url: string; user: string; password: string } | null): void;
  /** Every delivery attempted: the hook's type and the status answered (null: no answer). */
  deliveries: { type: string; status: number | null }[];
  /**
   * Processes the next `times` requests (of `method` only, when given) and closes the connection
   * instead of answering.
   */
  loseAnswers(times: number, method?: string): void;
  /**
   * Answers kept by Idempotency-Key (with the body that created them), and how many requests got a
   * kept answer back. A repeated key with another body gets the first answer, as documented, and
   * is listed in `problems`: a retry of one attempt must send the same body.
   */
  idempotency: { answers: Map<string, { status: number; body: Json; sent: string }>; replays: number };
  /** A PIX order opened on a link's page and not paid (code = our order_code), as Pagar.me keeps it. */
  openLinkPix(linkId: string): Json;
  /** A charge that was never paid is cancelled (a PIX that expired): the webhook of that change. */
  cancelUnpaidCharge(chargeId: string, type?: string): Json;
  /** A PIX order paid with less than it asked (`underpaid`): its `order.paid`-like webhook. */
  underpayOrder(orderId: string, paidAmount: number): Json;
  /** A second, paid card order under the same code (the customer was charged twice). */
  chargeAgain(code: string): Json;
  /** A refund accepted as `pending_refund` that the provider gives up: the charge is `paid` again. */
  revertRefund(chargeId: string): void;
  // Disputes and money the dashboard moves (ADR 030).
  /** The card holder disputes a paid charge (PSP accounts): `chargedback`, and its `charge.chargedback` webhook. */
  chargeback(chargeId: string): Json;
  /** A PIX order paid with more than it asked (`overpaid`): its `order.paid` webhook. */
  overpayOrder(orderId: string, paidAmount: number): Json;
  /**
   * The owner gives back part of a paid charge in Pagar.me's dashboard: the charge stays paid with
   * its `canceled_amount` grown. Returns the webhook of that change (`charge.partial_canceled`
   * unless another type is given, e.g. `charge.refunded`).
   */
  refundInDashboard(chargeId: string, amount: number, type?: string): Json;
  // Receivables (the owner's month close, docs/decisions/054-month-close.md).
  /**
   * `GET /payables?charge_id=` answers one `credit` payable per paid charge (its paid amount, a
   * card or PIX fee at the rates below, `waiting_funds` until its payment date), unless a test
   * sets the charge's payables here (an empty list: none yet).
   */
  payables: Map<string, Json[]>;
  close(): Promise<void>;
}

/** The fake's fee rates in basis points and payout days (plausible; the real ones are per contract). */
export const FAKE_PAGARME_CARD_FEE_BASIS_POINTS = 459;
export const FAKE_PAGARME_PIX_FEE_BASIS_POINTS = 99;
export const FAKE_PAGARME_CARD_PAYOUT_DAYS = 30;
export const FAKE_PAGARME_PIX_PAYOUT_DAYS = 1;

export async function startFakePagarme(
  secretKey = 'sk_test_fakeSecretKey0123456789',
  publicKey = 'pk_test_fakePublicKey012345678',
): Promise<FakePagarme> {
  const tokens: FakePagarme['tokens'] = new Map();
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const links = new Map<string, Json>();
  const orders = new Map<string, Json>();
  const savedCards: FakePagarme['savedCards'] = new Map();
  const customersByCode = new Map<string, string>();
  const deletedCards = new Set<string>();
  let failures = 0;
  let failureStatus = 503;
  let lost = 0;
  let lostMethod: string | undefined;
  const idempotency: FakePagarme['idempotency'] = { answers: new Map(), replays: 0 };

  const isoNow = () => new Date().toISOString();

  function chargeById(chargeId: string): { order: Json; charge: Json } | null {
    for (const order of orders.values()) {
      const charge = order.charges?.find((entry: Json) => entry.id === chargeId);
      if (charge) return { order, charge };
    }
    return null;
  }

  function relabelOrder(template: Json, code: string, amount: number, description: string): Json {
    const order = structuredClone(template);
    order.id = fakeId('or_');
    order.code = code;
    order.amount = amount;
    order.created_at = isoNow();
    order.updated_at = isoNow();
    for (const item of order.items ?? []) {
      item.id = fakeId('oi_');
      item.amount = amount;
      item.description = description;
    }
    for (const charge of order.charges ?? []) {
      charge.id = fakeId('ch_');
      charge.code = code;
      charge.amount = amount;
      if (charge.paid_amount !== undefined) charge.paid_amount = amount;
      if (charge.last_transaction) {
        charge.last_transaction.id = fakeId('tran_');
        charge.last_transaction.amount = amount;
      }
    }
    return order;
  }

  function webhook(type: string, data: Json): Json {
    return {
      id: fakeId('hook_'),
      account: { id: 'acc_QoCWVGPqbQTh4DPc', name: 'Confraria' },
      type,
      created_at: isoNow(),
      data,
    };
  }

  function check(condition: unknown, problem: string) {
    if (!condition) problems.push(problem);
    return Boolean(condition);
  }

  function validateCustomer(customer: Json, where: string) {
    check(customer?.name, `${where}: customer.name ausente`);
    check(customer?.email, `${where}: customer.email ausente`);
    check(customer?.type === 'individual', `${where}: customer.type deve ser individual`);
    check(/^\d{11}$/.test(customer?.document ?? ''), `${where}: customer.document deve ter 11 dígitos`);
    check(customer?.document_type === 'CPF', `${where}: customer.document_type deve ser CPF`);
    const phone = customer?.phones?.mobile_phone;
    // Area codes have no 0 (a typed "011" is the long-distance prefix plus area 11).
    check(
      phone?.country_code === '55' &&
        /^[1-9]{2}$/.test(phone?.area_code ?? '') &&
        /^\d{8,9}$/.test(phone?.number ?? ''),
      `${where}: telefone inválido`,
    );
    const address = customer?.address;
    check(
      address?.line_1 &&
        /^\d{8}$/.test(address?.zip_code ?? '') &&
        address?.city &&
        /^[A-Z]{2}$/.test(address?.state ?? '') &&
        address?.country === 'BR',
      `${where}: customer.address incompleto`,
    );
  }

  /** POST /tokens: called by the browser with the public key only (never the secret key). */
  function createToken(url: URL, headers: http.IncomingHttpHeaders, body: Json) {
    check(!headers.authorization, 'tokens: a chave secreta nunca vai ao endpoint de tokens');
    if (url.searchParams.get('appId') !== publicKey) {
      problems.push('tokens: appId diferente da chave pública');
      return { status: 401, body: { message: 'Invalid public key' } };
    }
    const card = body?.card;
    const ok =
      check(body?.type === 'card', 'tokens: type deve ser card') &&
      check(
        /^\d{13,19}$/.test(card?.number ?? '') &&
          card?.holder_name &&
          Number.isInteger(card?.exp_month) &&
          Number.isInteger(card?.exp_year) &&
          /^\d{3,4}$/.test(card?.cvv ?? ''),
        'tokens: dados do cartão incompletos',
      );
    if (!ok) return { status: 422, body: { message: 'The request is invalid.' } };
    if (!HOLDER_NAME.test(card.holder_name)) {
      problems.push('tokens: holder_name com algo além de letras e espaços, ou mais de 64');
      return {
        status: 422,
        body: {
          message: 'The request is invalid.',
          errors: { 'request.card.holder_name': ['Invalid holder name.'] },
        },
      };
    }
    const now = new Date();
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    if (
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1)
    ) {
      return {
        status: 422,
        body: { message: 'The request is invalid.', errors: { 'request.card': ['Card expired.'] } },
      };
    }
    const id = fakeId('token_');
    tokens.set(id, { card, createdAt: Date.now(), used: false });
    return {
      status: 200,
      body: {
        id,
        type: 'card',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PAGARME_TOKEN_TTL_MS).toISOString(),
        card: {
          first_six_digits: card.number.slice(0, 6),
          last_four_digits: card.number.slice(-4),
          holder_name: card.holder_name,
          exp_month: card.exp_month,
          exp_year: year,
          brand: card.number.startsWith('4') ? 'Visa' : 'Mastercard',
        },
      },
    };
  }

  function handle(
    method: string,
    url: URL,
    headers: http.IncomingHttpHeaders,
    body: Json,
  ): { status: number; body: Json } {
    const path = url.pathname.replace(/^\/core\/v5/, '');
    if (method === 'POST' && path === '/tokens') return createToken(url, headers, body);
    if (headers.authorization !== expectedAuth) {
      problems.push(`${method} ${path}: autenticação Basic incorreta`);
      return { status: 401, body: { message: 'Authorization has been denied for this request.' } };
    }
    if (failures > 0) {
      failures--;
      return { status: failureStatus, body: { message: 'Service Unavailable' } };
    }
    const creates = method === 'POST' || method === 'DELETE';
    const key = headers['idempotency-key'];
    if (creates && !key) problems.push(`${method} ${path}: Idempotency-Key ausente`);
    if (creates && typeof key === 'string') {
      const sent = JSON.stringify(body ?? null);
      const kept = idempotency.answers.get(key);
      if (kept) {
        idempotency.replays++;
        // Pagar.me's documentation warns that a repeated key with a different body still gets
        // the first request's answer: the second body is never looked at. We never depend on it.
        if (kept.sent !== sent) problems.push(`${method} ${path}: Idempotency-Key repetida com outro corpo`);
        return structuredClone({ status: kept.status, body: kept.body });
      }
      const answer = handleCreate(method, path, body);
      idempotency.answers.set(key, structuredClone({ ...answer, sent }));
      return answer;
    }
    if (method === 'PATCH') return handleUpdate(path);
    return creates ? handleCreate(method, path, body) : handleRead(method, url, path);
  }

  /**
   * `PATCH /paymentlinks/{id}/cancel`: an active link turns `canceled` and can no longer be paid.
   * One with a paid session, or already cancelled, is refused (412, as a link that is not active).
   */
  function handleUpdate(path: string): { status: number; body: Json } {
    const cancelMatch = /^\/paymentlinks\/([^/]+)\/cancel$/.exec(path);
    const link = cancelMatch ? links.get(decodeURIComponent(cancelMatch[1] ?? '')) : undefined;
    if (!cancelMatch) {
      problems.push(`rota inesperada PATCH ${path}`);
      return { status: 404, body: { message: 'Not found' } };
    }
    if (!link) return { status: 404, body: { message: 'Payment link not found' } };
    if (link.status !== 'active' || (link.total_paid_sessions ?? 0) > 0) {
      return { status: 412, body: { message: 'Payment link is not active' } };
    }
    link.status = 'canceled';
    link.updated_at = isoNow();
    const { _order_code: _code, _success_url: _url, ...visible } = link;
    return { status: 200, body: visible };
  }

  /** A paid card stays on the order's customer (one per `customer.code`), as Pagar.me keeps it. */
  function keepCard(order: Json, customerCode: string | undefined, card: Json) {
    const code = customerCode ?? fakeId('anon_');
    const customerId = customersByCode.get(code) ?? fakeId('cus_');
    customersByCode.set(code, customerId);
    const cardId = fakeId('card_');
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    savedCards.set(cardId, {
      customerId,
      number: String(card.number),
      expMonth: card.exp_month,
      expYear: year,
      declined: false,
    });
    order.customer = { ...order.customer, id: customerId, code };
    for (const charge of order.charges) {
      // A charge read alone (GET /charges/{id}) names its customer too, as the recorded answers do.
      charge.customer = { ...charge.customer, id: customerId, code };
      Object.assign(charge.last_transaction.card, {
        last_four_digits: String(card.number).slice(-4),
        id: cardId,
        exp_month: card.exp_month,
        exp_year: year,
        brand: String(card.number).startsWith('4') ? 'Visa' : 'Mastercard',
      });
    }
  }

  /** `credit_card.card_id`: a merchant-initiated charge on a saved card (no CVV, no card data). */
  function chargeSavedCard(body: Json, creditCard: Json): { order: Json } | { status: number; body: Json } {
    const saved = savedCards.get(creditCard.card_id);
    check(body.customer_id !== undefined, 'orders: card_id sem customer_id');
    check(creditCard.operation_type === 'auth_and_capture', 'orders: operation_type');
    check(creditCard.installments === 1, 'orders: installments deve ser 1');
    check(creditCard.recurrence === true, 'orders: cobrança recorrente sem recurrence: true');
    check(
      creditCard.card === undefined && creditCard.card_token === undefined,
      'orders: card_id enviado junto com dados do cartão ou token',
    );
    const descriptor = creditCard.statement_descriptor;
    check(
      descriptor === undefined || /^[A-Za-z0-9 ]{1,13}$/.test(descriptor),
      'orders: statement_descriptor com mais de 13 caracteres ou caracteres especiais',
    );
    if (!saved || saved.customerId !== body.customer_id) {
      problems.push('orders: card_id de outro cliente ou desconhecido');
      return {
        status: 422,
        body: { message: 'The request is invalid.', errors: { card_id: ['Card not found.'] } },
      };
    }
    const now = new Date();
    const expired =
      saved.expYear < now.getUTCFullYear() ||
      (saved.expYear === now.getUTCFullYear() && saved.expMonth < now.getUTCMonth() + 1);
    const refused = saved.declined || expired;
    const order = relabelOrder(
      fixture(refused ? 'order-card-response-failed' : 'order-card-response-paid'),
      body.code,
      body.items[0].amount,
      body.items[0].description,
    );
    order.customer = { ...order.customer, id: saved.customerId };
    for (const charge of order.charges) {
      charge.customer = { ...charge.customer, id: saved.customerId };
      Object.assign(charge.last_transaction.card, {
        id: creditCard.card_id,
        last_four_digits: saved.number.slice(-4),
        exp_month: saved.expMonth,
        exp_year: saved.expYear,
      });
    }
    return { order };
  }

  function handleCreate(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/paymentlinks') {
      const ok =
        check(body?.type === 'order', 'paymentlinks: type deve ser order') &&
        check(
          typeof body?.order_code === 'string' && body.order_code.length > 0,
          'paymentlinks: order_code ausente',
        ) &&
        check(body?.is_building === false, 'paymentlinks: is_building deve ser false') &&
        check(
          Array.isArray(body?.cart_settings?.items) && body.cart_settings.items[0]?.amount > 0,
          'paymentlinks: itens do carrinho ausentes',
        ) &&
        check(
          body?.payment_settings?.accepted_payment_methods?.includes('pix'),
          'paymentlinks: pix não aceito',
        );
      if (!ok) return { status: 422, body: { message: 'The request is invalid.' } };
      const amount = body.cart_settings.items[0].amount;
      check(
        body.payment_settings.credit_card_settings?.installments?.[0]?.total === amount,
        'paymentlinks: parcela diferente do total',
      );
      // Without these the real link stays payable forever, by anyone, any number of times.
      check(body.max_paid_sessions === 1, 'paymentlinks: max_paid_sessions deve ser 1');
      check(
        Number.isInteger(body.expires_in) && body.expires_in > 0 && body.expires_at === undefined,
        'paymentlinks: expires_in (minutos) ausente, ou enviado junto com expires_at',
      );
      const link = structuredClone(fixture('paymentlink-create-response'));
      link.id = fakeId('pl_', 32);
      link.url = `https://payment-link.pagar.me/${link.id}`;
      link.name = body.name;
      link.cart_settings.items[0].amount = amount;
      link.cart_settings.items[0].name = body.name;
      link.cart_settings.total_cost = amount;
      link.cart_settings.items_total_cost = amount;
      link.created_at = isoNow();
      link.updated_at = isoNow();
      link.max_paid_sessions = body.max_paid_sessions;
      link.expires_in = body.expires_in;
      links.set(link.id, {
        ...link,
        _order_code: body.order_code,
        _success_url: body.flow_settings?.success_url,
      });
      return { status: 200, body: link };
    }

    if (method === 'POST' && path === '/orders') {
      const ok =
        check(typeof body?.code === 'string' && body.code.length > 0, 'orders: code ausente') &&
        check(
          Array.isArray(body?.items) && body.items[0]?.amount > 0 && body.items[0]?.quantity === 1,
          'orders: itens inválidos',
        ) &&
        check(Array.isArray(body?.payments) && body.payments.length === 1, 'orders: payments ausente') &&
        check(body?.closed === true, 'orders: closed deve ser true');
      if (!ok) return { status: 422, body: { message: 'The request is invalid.' } };
      if (body.customer !== undefined || body.customer_id === undefined)
        validateCustomer(body.customer, 'orders');
      const amount = body.items[0].amount;
      const payment = body.payments[0];
      let order: Json;
      if (payment.payment_method === 'credit_card' && payment.credit_card?.card_id !== undefined) {
        const charged = chargeSavedCard(body, payment.credit_card);
        if ('status' in charged) return charged;
        order = charged.order;
      } else if (payment.payment_method === 'pix') {
        check(payment.pix?.expires_in > 0, 'orders: pix.expires_in ausente');
        order = relabelOrder(fixture('order-pix-response'), body.code, amount, body.items[0].description);
        order.charges[0].last_transaction.expires_at = new Date(
          Date.now() + payment.pix.expires_in * 1000,
        ).toISOString();
      } else if (payment.payment_method === 'credit_card') {
        let card = payment.credit_card?.card;
        check(payment.credit_card?.operation_type === 'auth_and_capture', 'orders: operation_type');
        // Pagar.me: at most 13 characters for PSP accounts (22 for gateway ones).
        const descriptor = payment.credit_card?.statement_descriptor;
        check(
          descriptor === undefined || /^[A-Za-z0-9 ]{1,13}$/.test(descriptor),
          'orders: statement_descriptor com mais de 13 caracteres ou caracteres especiais',
        );
        const tokenId = payment.credit_card?.card_token;
        if (tokenId !== undefined) {
          const token = tokens.get(tokenId);
          if (!token || token.used || Date.now() - token.createdAt > PAGARME_TOKEN_TTL_MS) {
            return {
              status: 422,
              body: {
                message: 'The request is invalid.',
                errors: { 'order.payments[0].credit_card.card_token': ['Token not found.'] },
              },
            };
          }
          token.used = true;
          check(!card?.number && !card?.cvv, 'orders: cartão enviado junto com o token');
          card = { ...token.card, billing_address: card?.billing_address };
        }
        check(
          card?.holder_name && card?.exp_month && card?.exp_year && card?.cvv,
          'orders: dados do cartão incompletos',
        );
        check(
          HOLDER_NAME.test(card?.holder_name ?? ''),
          'orders: holder_name com algo além de letras e espaços',
        );
        check(
          card?.billing_address?.zip_code && card?.billing_address?.city && card?.billing_address?.state,
          'orders: billing_address incompleto',
        );
        const refused = card?.number === PAGARME_REFUSED_CARD;
        order = relabelOrder(
          fixture(refused ? 'order-card-response-failed' : 'order-card-response-paid'),
          body.code,
          amount,
          body.items[0].description,
        );
        const last4 = String(card?.number ?? '').slice(-4);
        for (const charge of order.charges) charge.last_transaction.card.last_four_digits = last4;
        if (!refused) keepCard(order, body.customer?.code, card);
      } else {
        problems.push(`orders: payment_method desconhecido ${payment.payment_method}`);
        return { status: 422, body: { message: 'The request is invalid.' } };
      }
      // Pagar.me keeps the metadata we send and returns it on every read.
      if (body.metadata) order.metadata = body.metadata;
      orders.set(order.id, order);
      return { status: 200, body: order };
    }

    const chargeMatch = /^\/charges\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && chargeMatch)
      return cancelCharge(decodeURIComponent(chargeMatch[1] ?? ''), body);
    const cardMatch = /^\/customers\/([^/]+)\/cards\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cardMatch)
      return deleteCustomerCard(
        decodeURIComponent(cardMatch[1] ?? ''),
        decodeURIComponent(cardMatch[2] ?? ''),
      );
    problems.push(`rota inesperada ${method} ${path}`);
    return { status: 404, body: { message: 'Not found' } };
  }

  // ------------------------------------------------------------ saved cards deleted (ADR 052)
  /**
   * `DELETE /customers/{customer_id}/cards/{card_id}`: the card is forgotten and answered with
   * `status: "deleted"`; a card this customer does not have (never kept, or deleted before) is a
   * 404, as Pagar.me answers an unknown card.
   */
  function deleteCustomerCard(customerId: string, cardId: string): { status: number; body: Json } {
    const saved = savedCards.get(cardId);
    if (!saved || saved.customerId !== customerId)
      return { status: 404, body: { message: 'Card not found' } };
    savedCards.delete(cardId);
    deletedCards.add(cardId);
    return {
      status: 200,
      body: {
        id: cardId,
        last_four_digits: saved.number.slice(-4),
        exp_month: saved.expMonth,
        exp_year: saved.expYear,
        status: 'deleted',
        deleted_at: isoNow(),
        customer: { id: customerId },
        type: 'credit',
      },
    };
  }

  /** `GET /orders?code=&status=&page=&size=`: the documented paged list (at most 30 per page). */
  function listOrders(url: URL): { status: number; body: Json } {
    const code = url.searchParams.get('code');
    const status = url.searchParams.get('status');
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const size = Math.min(30, Math.max(1, Number(url.searchParams.get('size') ?? 10) || 10));
    const all = [...orders.values()].filter(
      (order) => (!code || order.code === code) && (!status || order.status === status),
    );
    const data = all.slice((page - 1) * size, page * size);
    const pageUrl = (n: number) => {
      const next = new URL(url.toString());
      next.searchParams.set('page', String(n));
      next.searchParams.set('size', String(size));
      return `${fakePagarme.apiUrl}/orders${next.search}`;
    };
    return {
      status: 200,
      body: {
        data,
        paging: {
          total: all.length,
          previous: page > 1 ? pageUrl(page - 1) : null,
          next: page * size < all.length ? pageUrl(page + 1) : null,
        },
      },
    };
  }

  /**
   * `DELETE /charges/:id`: cancels (refunds) a paid charge, in full or a part of it (`amount`):
   * a part leaves the charge paid with its `canceled_amount` grown; `pending_refund` when refunds
   * are slow. A charge with nothing left to give back is refused with "Charge can not be canceled."
   * (what Pagar.me answers a second cancel of a charge already cancelled).
   */
  function cancelCharge(chargeId: string, body: Json): { status: number; body: Json } {
    const found = chargeById(chargeId);
    if (!found) return { status: 404, body: { message: 'Charge not found' } };
    if (found.charge.status === 'pending') return voidCharge(found, body);
    if (!['paid', 'underpaid', 'overpaid'].includes(found.charge.status))
      return { status: 412, body: { message: 'Charge can not be canceled.' } };
    const received = found.charge.paid_amount ?? found.charge.amount;
    const left = received - (found.charge.canceled_amount ?? 0);
    const asked = body?.amount ?? left;
    check(
      Number.isInteger(asked) && asked > 0 && asked <= left,
      'charges: valor do cancelamento maior que o restante',
    );
    const cancel = structuredClone(fixture('charge-cancel-response'));
    cancel.id = found.charge.id;
    cancel.code = found.charge.code;
    cancel.amount = found.charge.amount;
    cancel.canceled_at = isoNow();
    if (asked < left) {
      // A part: the charge stays as it was (paid), with what was given back so far.
      found.charge.canceled_amount = (found.charge.canceled_amount ?? 0) + asked;
      return { status: 200, body: { ...structuredClone(found.charge), canceled_at: cancel.canceled_at } };
    }
    cancel.canceled_amount = received;
    if (fakePagarme.refundsPending) {
      Object.assign(found.charge, { status: 'pending_refund' });
      return { status: 200, body: { ...cancel, status: 'pending_refund', canceled_at: undefined } };
    }
    Object.assign(found.charge, {
      status: 'canceled',
      canceled_amount: received,
      canceled_at: cancel.canceled_at,
      last_transaction: cancel.last_transaction,
    });
    return { status: 200, body: cancel };
  }

  /**
   * `DELETE /charges/:id` of a charge nobody paid (a PIX still waiting): the charge and its order
   * turn `canceled` and the code can no longer be paid. No amount: the whole charge is voided.
   */
  function voidCharge(found: { charge: Json; order: Json }, body: Json): { status: number; body: Json } {
    check(body?.amount === undefined, 'charges: cancelamento de cobrança pendente não leva valor');
    Object.assign(found.charge, { status: 'canceled', canceled_at: isoNow() });
    found.order.status = 'canceled';
    found.order.updated_at = isoNow();
    return { status: 200, body: structuredClone(found.charge) };
  }

  // ---------------------------------------------------------------- receivables (month close)
  const payables: FakePagarme['payables'] = new Map();
  let payableIds = 11_814_385;

  /** The credit payable Pagar.me would hold for a paid charge, as its v5 reference describes it. */
  function creditPayable(charge: Json): Json[] {
    const paidStatuses = ['paid', 'overpaid', 'underpaid', 'chargedback', 'canceled', 'pending_refund'];
    if (!paidStatuses.includes(charge.status) || !charge.paid_at) return [];
    const pix = charge.payment_method === 'pix';
    const amount = charge.paid_amount ?? charge.amount;
    const fee = Math.round(
      (amount * (pix ? FAKE_PAGARME_PIX_FEE_BASIS_POINTS : FAKE_PAGARME_CARD_FEE_BASIS_POINTS)) / 10_000,
    );
    const days = pix ? FAKE_PAGARME_PIX_PAYOUT_DAYS : FAKE_PAGARME_CARD_PAYOUT_DAYS;
    const paymentDate = new Date(new Date(charge.paid_at).getTime() + days * 86_400_000);
    return [
      {
        id: ++payableIds,
        status: paymentDate.getTime() <= Date.now() ? 'paid' : 'waiting_funds',
        type: 'credit',
        amount,
        fee,
        anticipation_fee: 0,
        fraud_coverage_fee: 0,
        installment: 1,
        charge_id: charge.id,
        payment_date: paymentDate.toISOString(),
        payment_method: charge.payment_method,
        created_at: charge.paid_at,
      },
    ];
  }

  function listPayables(url: URL): { status: number; body: Json } {
    const chargeId = url.searchParams.get('charge_id');
    check(chargeId, 'payables: sem charge_id');
    const found = chargeId ? chargeById(chargeId) : null;
    const data =
      chargeId && payables.has(chargeId) ? payables.get(chargeId) : found ? creditPayable(found.charge) : [];
    return { status: 200, body: { data, paging: { total: data?.length ?? 0 } } };
  }

  function handleRead(method: string, url: URL, path: string): { status: number; body: Json } {
    if (method === 'GET' && path === '/orders') return listOrders(url);
    if (method === 'GET' && path === '/payables') return listPayables(url);
    const linkMatch = /^\/paymentlinks\/([^/]+)$/.exec(path);
    if (method === 'GET' && linkMatch) {
      const link = links.get(decodeURIComponent(linkMatch[1] ?? ''));
      if (!link) return { status: 404, body: { message: 'Payment link not found' } };
      const { _order_code: _code, _success_url: _url, ...visible } = link;
      return { status: 200, body: visible };
    }

    const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
      return order ? { status: 200, body: order } : { status: 404, body: { message: 'Order not found' } };
    }

    const chargeMatch = /^\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && chargeMatch) {
      const found = chargeById(decodeURIComponent(chargeMatch[1] ?? ''));
      if (!found) return { status: 404, body: { message: 'Charge not found' } };
      return {
        status: 200,
        body: {
          ...found.charge,
          order: { id: found.order.id, code: found.order.code, status: found.order.status },
        },
      };
    }
    problems.push(`rota inesperada ${method} ${path}`);
    return { status: 404, body: { message: 'Not found' } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Json;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        problems.push(`${req.method} ${req.url}: corpo não é JSON`);
        body = undefined;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body,
      });
      const result = handle(req.method ?? '', url, req.headers, body);
      notifyAfter(req.method ?? '', url, result);
      if (lost > 0 && !url.pathname.endsWith('/tokens') && (!lostMethod || lostMethod === req.method)) {
        // Processed, and the answer never reaches the caller.
        lost--;
        req.socket.destroy();
        return;
      }
      res.writeHead(result.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result.body));
    });
  });
  // ---------------------------------------------------------------- webhook deliveries
  let webhookTarget: { url: string; user: string; password: string } | null = null;
  const deliveries: FakePagarme['deliveries'] = [];
  let delivering = Promise.resolve();

  function deliver(type: string, data: Json) {
    const target = webhookTarget;
    if (!target) return;
    const hook = webhook(type, structuredClone(data));
    const authorization = `Basic ${Buffer.from(`${target.user}:${target.password}`).toString('base64')}`;
    delivering = delivering.then(async () => {
      try {
        const res = await fetch(target.url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(hook),
        });
        deliveries.push({ type, status: res.status });
      } catch {
        deliveries.push({ type, status: null });
      }
    });
  }

  /** The events Pagar.me sends after what it just answered. */
  function notifyAfter(method: string, url: URL, result: { status: number; body: Json }) {
    if (result.status !== 200) return;
    const path = url.pathname.replace(/^\/core\/v5/, '');
    if (method === 'POST' && path === '/orders') {
      deliver('order.created', result.body);
      if (result.body.status === 'paid') deliver('order.paid', result.body);
    }
    const cancelled =
      method === 'DELETE' && /^\/charges\/[^/]+$/.test(path) && result.body.status === 'canceled';
    if (cancelled) deliver('charge.refunded', chargeById(result.body.id)?.charge ?? result.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fakePagarme: FakePagarme = {
    apiUrl: `http://127.0.0.1:${port}/core/v5`,
    secretKey,
    publicKey,
    tokens,
    requests,
    problems,
    links,
    orders,
    savedCards,
    deletedCards,
    declineSavedCard(cardId) {
      const saved = savedCards.get(cardId);
      if (!saved) throw new Error(`fake: unknown saved card ${cardId}`);
      saved.declined = true;
    },
    payLink(linkId, options = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`fake: unknown link ${linkId}`);
      if (link.status === 'canceled') throw new Error(`fake: link ${linkId} was cancelled`);
      if (link.max_paid_sessions > 0 && (link.total_paid_sessions ?? 0) >= link.max_paid_sessions) {
        throw new Error(`fake: link ${linkId} already reached max_paid_sessions`);
      }
      const amount = options.amount ?? link.cart_settings.items[0].amount;
      const code = options.codeAs === 'link_id' ? link.id : link._order_code;
      const template =
        options.method === 'credit_card'
          ? fixture('order-card-response-paid')
          : fixture('webhook-order-paid').data;
      const order = relabelOrder(template, code, amount, link.name);
      // The card typed on Pagar.me's page stays on the order's customer, as an in-page card does.
      if (options.method === 'credit_card') {
        keepCard(order, `link-${link.id}`, { number: PAGARME_PAID_CARD, exp_month: 12, exp_year: 2030 });
      }
      orders.set(order.id, order);
      link.total_sessions = (link.total_sessions ?? 0) + 1;
      link.total_paid_sessions = (link.total_paid_sessions ?? 0) + 1;
      return webhook('order.paid', order);
    },
    payOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: unknown order ${orderId}`);
      const paid = fixture('webhook-order-paid').data;
      order.status = 'paid';
      order.updated_at = isoNow();
      for (const charge of order.charges) {
        charge.status = 'paid';
        charge.paid_amount = charge.amount;
        charge.paid_at = isoNow();
        charge.last_transaction = {
          ...paid.charges[0].last_transaction,
          id: fakeId('tran_'),
          amount: charge.amount,
        };
      }
      return webhook('order.paid', order);
    },
    chargeFailedWebhook(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: unknown order ${orderId}`);
      return webhook('charge.payment_failed', {
        ...order.charges[0],
        order: { id: order.id, code: order.code },
      });
    },
    chargeRefundedWebhook(chargeId) {
      const found = chargeById(chargeId);
      if (!found) throw new Error(`fake: unknown charge ${chargeId}`);
      return webhook('charge.refunded', found.charge);
    },
    refundsPending: false,
    completeRefund(chargeId) {
      const found = chargeById(chargeId);
      if (found?.charge.status !== 'pending_refund')
        throw new Error(`fake: no refund pending on ${chargeId}`);
      Object.assign(found.charge, {
        status: 'canceled',
        canceled_amount: found.charge.amount,
        canceled_at: isoNow(),
      });
      return webhook('charge.refunded', found.charge);
    },
    fail(times, status = 503) {
      failures = times;
      failureStatus = status;
    },
    deliverWebhooksTo(target) {
      webhookTarget = target;
    },
    deliveries,
    loseAnswers(times, method) {
      lost = times;
      lostMethod = method;
    },
    idempotency,
    openLinkPix(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`fake: unknown link ${linkId}`);
      const order = relabelOrder(
        fixture('order-pix-response'),
        link._order_code,
        link.cart_settings.items[0].amount,
        link.name,
      );
      order.charges[0].last_transaction.expires_at = new Date(Date.now() + 3600 * 1000).toISOString();
      orders.set(order.id, order);
      link.total_sessions = (link.total_sessions ?? 0) + 1;
      return order;
    },
    cancelUnpaidCharge(chargeId, type = 'charge.refunded') {
      const found = chargeById(chargeId);
      if (!found) throw new Error(`fake: unknown charge ${chargeId}`);
      if (found.charge.status === 'paid') throw new Error(`fake: charge ${chargeId} was paid`);
      Object.assign(found.charge, { status: 'canceled', canceled_at: isoNow() });
      found.order.status = 'canceled';
      return webhook(type, { ...found.charge, order: { id: found.order.id, code: found.order.code } });
    },
    underpayOrder(orderId, paidAmount) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: unknown order ${orderId}`);
      const charge = order.charges[0];
      Object.assign(charge, { status: 'underpaid', paid_amount: paidAmount, paid_at: isoNow() });
      order.status = 'paid';
      return webhook('charge.underpaid', { ...charge, order: { id: order.id, code: order.code } });
    },
    chargeAgain(code) {
      const first = [...orders.values()].find((order) => order.code === code);
      if (!first) throw new Error(`fake: no order with code ${code}`);
      const order = relabelOrder(fixture('order-card-response-paid'), code, first.amount, 'again');
      order.metadata = first.metadata;
      orders.set(order.id, order);
      return webhook('order.paid', order);
    },
    revertRefund(chargeId) {
      const found = chargeById(chargeId);
      if (found?.charge.status !== 'pending_refund')
        throw new Error(`fake: no refund pending on ${chargeId}`);
      found.charge.status = 'paid';
    },
    chargeback(chargeId) {
      const found = chargeById(chargeId);
      if (!found) throw new Error(`fake: unknown charge ${chargeId}`);
      Object.assign(found.charge, { status: 'chargedback', updated_at: isoNow() });
      return webhook('charge.chargedback', {
        ...found.charge,
        order: { id: found.order.id, code: found.order.code },
      });
    },
    overpayOrder(orderId, paidAmount) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: unknown order ${orderId}`);
      const charge = order.charges[0];
      Object.assign(charge, { status: 'overpaid', paid_amount: paidAmount, paid_at: isoNow() });
      order.status = 'paid';
      return webhook('order.paid', order);
    },
    refundInDashboard(chargeId, amount, type = 'charge.partial_canceled') {
      const found = chargeById(chargeId);
      if (!found) throw new Error(`fake: unknown charge ${chargeId}`);
      found.charge.canceled_amount = (found.charge.canceled_amount ?? 0) + amount;
      return webhook(type, { ...found.charge, order: { id: found.order.id, code: found.order.code } });
    },
    payables,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fakePagarme;
}
