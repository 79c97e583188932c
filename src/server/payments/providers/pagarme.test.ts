/**
 * The same checkout code against Pagar.me v5 (a fake on loopback that answers with the recorded
 * fixtures and checks our requests): links, card and PIX orders, refunds, and webhooks protected
 * by Basic credentials and re-fetched before anything changes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are fixture JSON */
import { describe, expect, it, vi } from 'vitest';
import { createLink, MARIANA, MARIANA_CUSTOMER, rows } from '../../../../tests/checkout';
import { createTestApp, type TestApp } from '../../../../tests/app';
import {
  PAGARME_PAID_CARD,
  PAGARME_REFUSED_CARD,
  type FakePagarme,
} from '../../../../tests/fakes/pagarme-server';
import {
  basicAuth,
  PAGARME_HOOK,
  pagarmeWebhook,
  sendCardToPagarme,
  usePagarmeApp,
} from '../../../../tests/pagarme-app';
import { payments } from '../../db/schema';
import { parseProviderDate } from './pagarme';
import { refreshFromProvider } from '../links/link-status';

const { user: HOOK_USER, password: HOOK_PASSWORD } = PAGARME_HOOK;
const basic = basicAuth;

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp(
  (app) => ({ t, fake } = app),
  () => {
    sentToUs.length = 0;
  },
);

const webhook = (body: unknown, authorization?: string) => pagarmeWebhook(t, body, authorization);
const status = (id: string) => t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });
const customerData = {
  ...MARIANA_CUSTOMER,
  address: { ...MARIANA_CUSTOMER.address, complement: MARIANA.customerComplement },
};
/** Everything the "browser" sent to our server, to show the card number never was among it. */
const sentToUs: string[] = [];
const ours = (options: Parameters<TestApp['request']>[0]) => {
  sentToUs.push(JSON.stringify(options));
  return t.request(options);
};

/**
 * The checkout page's card flow: where to tokenize comes with the public settings; the card goes
 * to Pagar.me's `POST /tokens?appId=<pk>` (here the fake); our API receives the token only.
 */
async function tokenize(cardNumber: string) {
  const { cardTokenizer } = await t.caller().settings.public();
  if (!cardTokenizer) throw new Error('no tokenizer');
  const response = await sendCardToPagarme(cardTokenizer, cardNumber);
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}
/** A link paid by card on Pagar.me under an order code that is not ours (a checkout session's). */
async function linkPaidUnderAnotherCode() {
  const link = await createLink(t);
  const pl = rows(t).links()[0]?.providerLinkId ?? '';
  const hook = fake.payLink(pl, { method: 'credit_card' });
  const order = fake.orders.get(hook.data.id);
  order.code = 'or_codigo_da_sessao';
  for (const charge of order.charges) charge.code = 'or_codigo_da_sessao';
  return { link, pl, hook, order };
}

const payByCard = async (cardNumber: string) =>
  ours({
    method: 'POST',
    url: '/api/payments/process',
    payload: {
      paymentMethod: 'credit_card',
      customerData,
      paymentData: { amount: 149700, cardToken: await tokenize(cardNumber) },
    },
  });

describe('Pagar.me payment links', () => {
  it('creates the link with our order code, Basic auth and an Idempotency-Key', async () => {
    expect(t.services.payments.provider.name).toBe('pagarme');
    const link = await createLink(t);
    const sent = fake.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/paymentlinks'),
    );
    expect(sent?.body).toMatchObject({
      type: 'order',
      order_code: link.id,
      // Payable once, and for our 48 hours only (in minutes).
      max_paid_sessions: 1,
      expires_in: 48 * 60,
      cart_settings: { items: [{ amount: 149700, default_quantity: 1 }] },
      payment_settings: { accepted_payment_methods: ['credit_card', 'pix'] },
      flow_settings: {
        success_url: `${t.env.publicUrl}/checkout/payment-link-success?payment_link_id=${link.id}`,
      },
    });
    expect(sent?.headers['idempotency-key']).toBe(`link-${link.id}`);
    expect(link.url).toMatch(/^https:\/\/payment-link\.pagar\.me\/pl_[A-Za-z0-9]{32}$/);
    expect(rows(t).links()[0]).toMatchObject({
      provider: 'pagarme',
      providerLinkId: link.url.split('/').pop(),
    });
    // The sandbox's pages do not exist with a real provider.
    expect(
      (await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}`, headers: { accept: 'text/html' } }))
        .body,
    ).not.toContain('Ambiente de testes');
    expect(
      (await t.request({ method: 'POST', url: `/sandbox/pay/${link.id}`, payload: { outcome: 'paid' } }))
        .statusCode,
    ).toBe(404);
  });

  it('order.paid webhook: re-fetches the order, marks the link paid once, replays change nothing', async () => {
    const link = await createLink(t);
    const providerLinkId = rows(t).links()[0]?.providerLinkId ?? '';
    const hook = fake.payLink(providerLinkId, { method: 'pix' });

    const first = await webhook(hook);
    expect(first.statusCode).toBe(200);
    expect(
      fake.requests.some(
        (request) => request.method === 'GET' && request.path.endsWith(`/orders/${hook.data.id}`),
      ),
    ).toBe(true);
    expect((await status(link.id)).json()).toMatchObject({ status: 'paid', amount: 149700 });
    const [payment] = rows(t).payments();
    expect(payment).toMatchObject({
      status: 'paid',
      method: 'pix',
      providerOrderId: hook.data.id,
      providerChargeId: hook.data.charges[0].id,
    });

    const replays = await Promise.all(Array.from({ length: 20 }, () => webhook(hook)));
    expect(replays.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(rows(t).payments()).toHaveLength(1);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
    });
  });

  it('matches an order whose code is the pl_ link id', async () => {
    const link = await createLink(t);
    const providerLinkId = rows(t).links()[0]?.providerLinkId ?? '';
    const hook = fake.payLink(providerLinkId, { method: 'credit_card', codeAs: 'link_id' });
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await status(link.id)).json().status).toBe('paid');
    expect(rows(t).payments()[0]).toMatchObject({
      method: 'credit_card',
      cardLast4: '0010',
      cardBrand: 'Visa',
    });
  });

  // ADR 020: which field of an order born from a link carries our code is not documented; every
  // field Pagar.me may fill is tried. Each case leaves only one of them pointing at the link.
  it.each([
    [
      'metadata.payment_link_id (the pl_ id)',
      (order: Record<string, any>, link: { id: string; pl: string }) => {
        order.metadata = { payment_link_id: link.pl, session_id: 'cs_1234567890abcdef' };
      },
    ],
    [
      'metadata.order_code (our id)',
      (order: Record<string, any>, link: { id: string; pl: string }) => {
        order.metadata = { order_code: link.id };
      },
    ],
    [
      'the charge’s code (our id)',
      (order: Record<string, any>, link: { id: string; pl: string }) => {
        order.charges[0].code = link.id;
      },
    ],
    [
      'checkouts[].payment_link_id',
      (order: Record<string, any>, link: { id: string; pl: string }) => {
        order.checkouts = [{ id: 'chk_1234567890abcdef', payment_link_id: link.pl }];
      },
    ],
  ])('matches a link payment by %s when the order code is something else', async (_name, mark) => {
    const { link, pl, hook, order } = await linkPaidUnderAnotherCode();
    mark(order, { id: link.id, pl });
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await status(link.id)).json().status).toBe('paid');
  });

  it('an order matching none of our fields is answered 404 (Pagar.me retries) and changes nothing', async () => {
    const { link, hook } = await linkPaidUnderAnotherCode();
    expect((await webhook(hook)).statusCode).toBe(404);
    // Read from the database: the tracking poll would ask Pagar.me in the background.
    expect(
      rows(t)
        .links()
        .find((entry) => entry.id === link.id)?.status,
    ).toBe('pending');
  });

  it('a forged webhook (wrong or missing Basic credentials) is answered 401 and nothing is fetched or changed', async () => {
    const link = await createLink(t);
    const hook = fake.payLink(rows(t).links()[0]?.providerLinkId ?? '');
    const before = fake.requests.length;
    for (const authorization of [
      basic(HOOK_USER, 'errada'),
      basic('outro', HOOK_PASSWORD),
      '',
      `Bearer ${fake.secretKey}`,
    ]) {
      const res = await webhook(hook, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Webhook não autorizado' });
    }
    expect(fake.requests.length).toBe(before);
    expect((await status(link.id)).json().status).toBe('pending');
    expect(rows(t).payments()).toHaveLength(0);
  });

  it('believes the API, not the webhook body: a fabricated "paid" for an unpaid order changes nothing', async () => {
    await createLink(t);
    const pending = (
      await t.request({
        method: 'POST',
        url: '/api/payments/process',
        payload: { paymentMethod: 'pix', customerData, paymentData: { amount: 149700 } },
      })
    ).json();
    const order = [...fake.orders.values()].find((entry) => entry.code === pending.paymentId);
    const fabricated = {
      id: 'hook_fabricated000001',
      type: 'order.paid',
      data: { ...order, status: 'paid' },
    };
    // Answered non-2xx (the provider may just be lagging: it will deliver again), nothing changed.
    const res = await webhook(fabricated);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'O provedor ainda não confirma este evento. Tente novamente mais tarde.',
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/payments/status/${pending.paymentId}` })).json().status,
    ).toBe('pending');
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.paymentStatus).toBe('pending');
  });

  it('answers 502 when the re-fetch fails, and processes the same hook on the retry', async () => {
    const link = await createLink(t);
    const hook = fake.payLink(rows(t).links()[0]?.providerLinkId ?? '');
    fake.fail(1, 503);
    expect((await webhook(hook)).statusCode).toBe(502);
    expect((await status(link.id)).json().status).toBe('pending');
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await status(link.id)).json().status).toBe('paid');
  });

  it('the tracking page poll asks Pagar.me about a pending link (paid sessions) and finds its order', async () => {
    const link = await createLink(t);
    fake.payLink(rows(t).links()[0]?.providerLinkId ?? '', { method: 'pix' });
    expect((await status(link.id)).json().status).toBe('pending');
    await vi.waitFor(async () => expect((await status(link.id)).json().status).toBe('paid'));
    expect(rows(t).payments()[0]).toMatchObject({ method: 'pix', status: 'paid' });
  });

  it('a paid session whose order cannot be found leaves the link pending; the webhook naming the order confirms it', async () => {
    const link = await createLink(t);
    const providerLinkId = rows(t).links()[0]?.providerLinkId ?? '';
    const hook = fake.payLink(providerLinkId, { method: 'pix' });
    // The order born from the link carries neither of our codes (seen in a production capture).
    const order = fake.orders.get(hook.data.id);
    order.code = 'sess_7f3a9c';
    order.metadata = { payment_link_id: providerLinkId };

    // What the tracking page's poll does in the background.
    await refreshFromProvider(t.services.paymentLinks, link.id);
    expect(fake.requests.some((request) => request.path.includes(`/orders?code=${providerLinkId}`))).toBe(
      true,
    );
    expect((await status(link.id)).json().status).toBe('pending');
    expect(rows(t).payments()).toHaveLength(0);

    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await status(link.id)).json().status).toBe('paid');
    expect(rows(t).payments()[0]).toMatchObject({
      status: 'paid',
      providerOrderId: hook.data.id,
      providerChargeId: hook.data.charges[0].id,
    });
  });

  it('a cancel is matched by its charge only: a link payment recorded without its charge is left to the owner', async () => {
    const link = await createLink(t);
    const hook = fake.payLink(rows(t).links()[0]?.providerLinkId ?? '', { method: 'credit_card' });
    expect((await webhook(hook)).statusCode).toBe(200);
    // As recorded before links were confirmed only with their charge.
    t.services.db
      .update(payments)
      .set({ providerChargeId: null, providerOrderId: null, transactionId: null })
      .run();
    const charge = fake.orders.get(hook.data.id).charges[0];
    charge.status = 'canceled';

    // Nothing ties that charge to the payment on file (ADR 030): acknowledged, nothing changes.
    const refunded = await webhook(fake.chargeRefundedWebhook(charge.id));
    expect(refunded.statusCode).toBe(200);
    expect(rows(t).payments()[0]).toMatchObject({ status: 'paid', paymentLinkId: link.id });
  });

  it('a failing background status check is logged, never an unhandled rejection', async () => {
    const link = await createLink(t);
    const warnings = vi.spyOn(t.services.log, 'warn');
    vi.spyOn(t.services.db, 'update').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
    const res = await status(link.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
    await vi.waitFor(() =>
      expect(warnings).toHaveBeenCalledWith(
        { linkId: link.id, err: 'database is locked' },
        'payment link status check failed',
      ),
    );
  });

  it('answers 502 "Erro ao criar link de pagamento. Tente novamente." when Pagar.me is down, and writes nothing', async () => {
    fake.fail(2, 503);
    const res = await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      payload: MARIANA,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Erro ao criar link de pagamento. Tente novamente.' });
    const creates = fake.requests.filter((request) => request.path.endsWith('/paymentlinks'));
    expect(creates).toHaveLength(2);
    expect(creates[0]?.headers['idempotency-key']).toBe(creates[1]?.headers['idempotency-key']);
    // The subscriber is written with its link, after the provider answered: a failure leaves no record.
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toBeUndefined();
    expect(rows(t).links()).toEqual([]);
  });
});

describe('Pagar.me orders (old checkout) and refunds', () => {
  it('card paid: the order says paid, only brand and last four are kept, refund cancels the charge', async () => {
    const res = await payByCard(PAGARME_PAID_CARD);
    expect(res.statusCode).toBe(200);
    const { paymentId } = res.json();
    expect(res.json().status).toBe('completed');
    const sent = fake.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/orders'),
    );
    expect(sent?.body).toMatchObject({
      code: paymentId,
      closed: true,
      items: [{ amount: 149700, quantity: 1 }],
      // The shape of the official SDK's CreateCustomerRequest.
      customer: {
        name: 'Mariana Costa Ribeiro',
        type: 'individual',
        document: '52998224725',
        document_type: 'CPF',
        phones: { mobile_phone: { country_code: '55', area_code: '11', number: '987654321' } },
        address: {
          line_1: '101, Praça da Sé, Sé',
          line_2: 'Conjunto 12',
          zip_code: '01001000',
          city: 'São Paulo',
          state: 'SP',
          country: 'BR',
        },
      },
      payments: [
        {
          payment_method: 'credit_card',
          credit_card: {
            card_token: expect.stringMatching(/^token_/),
            // A token carries no address: the billing address goes with the order.
            card: {
              billing_address: { line_1: '101, Praça da Sé, Sé', zip_code: '01001000', country: 'BR' },
            },
          },
        },
      ],
    });
    // The card reached Pagar.me through the browser's token call only: never our server, never /orders.
    expect(JSON.stringify(sent?.body)).not.toContain(PAGARME_PAID_CARD);
    expect(sentToUs.join('\n')).not.toContain(PAGARME_PAID_CARD);
    const tokenCall = fake.requests.find((request) => request.path.startsWith('/core/v5/tokens'));
    expect(tokenCall?.path).toBe(`/core/v5/tokens?appId=${fake.publicKey}`);
    expect(tokenCall?.headers.authorization).toBeUndefined();
    expect(sent?.headers['idempotency-key']).toBe(`order-${paymentId}-1`);
    const [payment] = rows(t).payments();
    expect(payment).toMatchObject({
      status: 'paid',
      cardBrand: 'Visa',
      cardLast4: '0010',
      provider: 'pagarme',
    });
    expect(JSON.stringify(payment)).not.toContain(PAGARME_PAID_CARD);

    const admin = await t.signIn('admin');
    await t.caller(admin.token).payments.refund({ paymentId, reason: 'Pedido do cliente' });
    const cancel = fake.requests.find((request) => request.method === 'DELETE');
    expect(cancel?.path).toMatch(new RegExp(`/charges/${payment?.providerChargeId}$`));
    expect(cancel?.headers['idempotency-key']).toBe(`refund-${paymentId}-1`);
    expect(rows(t).payments()[0]?.status).toBe('refunded');

    // Pagar.me then announces the refund: acknowledged, nothing changes twice.
    const refunded = await webhook(fake.chargeRefundedWebhook(payment?.providerChargeId ?? ''));
    expect(refunded.statusCode).toBe(200);
    expect(rows(t).payments()[0]).toMatchObject({ status: 'refunded', refundReason: 'Pedido do cliente' });
  });

  it('card refused: a 200 from /orders is not a payment; 422 with the provider reason', async () => {
    const res = await payByCard(PAGARME_REFUSED_CARD);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Transação não autorizada' });
    const [payment] = rows(t).payments();
    expect(payment).toMatchObject({ status: 'failed', cardLast4: '0028' });
    const order = [...fake.orders.values()].find((entry) => entry.code === payment?.id);
    expect((await webhook(fake.chargeFailedWebhook(order.id))).statusCode).toBe(200);
    expect(rows(t).payments()).toHaveLength(1);
    expect(rows(t).payments()[0]?.status).toBe('failed');
  });

  it('PIX: shows the provider’s code as given, then order.paid completes the payment', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/process',
      payload: { paymentMethod: 'pix', customerData, paymentData: { amount: 149700 } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const order = [...fake.orders.values()].find((entry) => entry.code === body.paymentId);
    expect(body.pixData.qrCodeText).toBe(order.charges[0].last_transaction.qr_code);
    expect(body.pixData.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await webhook(fake.payOrder(order.id))).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/payments/status/${body.paymentId}` })).json(),
    ).toMatchObject({ status: 'completed', method: 'pix' });
  });

  it('raw card fields are refused with a Portuguese 400 while Pagar.me is active; nothing reaches Pagar.me', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/process',
      payload: {
        paymentMethod: 'credit_card',
        customerData,
        paymentData: {
          amount: 149700,
          cardData: {
            cardNumber: PAGARME_PAID_CARD,
            cardHolderName: 'MARIANA',
            expiryDate: '12/30',
            cvv: '123',
          },
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'Por segurança, o servidor não recebe os dados do cartão: envie apenas o token do cartão (cardToken) criado com a chave pública do provedor.',
    });
    expect(fake.requests).toEqual([]);
    expect(rows(t).payments()).toEqual([]);
  });

  it('a token pays once: the same token again is refused by Pagar.me', async () => {
    const cardToken = await tokenize(PAGARME_PAID_CARD);
    const pay = () =>
      t.request({
        method: 'POST',
        url: '/api/payments/process',
        payload: { paymentMethod: 'credit_card', customerData, paymentData: { amount: 149700, cardToken } },
      });
    expect((await pay()).statusCode).toBe(200);
    const again = await pay();
    expect(again.statusCode).toBe(502);
    expect(again.json().error).toMatch(/^O Pagar.me recusou a operação/);
  });

  it('the page may talk to Pagar.me’s origin (CSP connect-src) only because Pagar.me is active', async () => {
    const page = await t.request({ method: 'GET', url: '/checkout/old' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${new URL(fake.apiUrl).origin}`);
    const sandbox = await createTestApp();
    try {
      const sandboxCsp = String(
        (await sandbox.request({ method: 'GET', url: '/checkout/old' })).headers['content-security-policy'],
      );
      expect(sandboxCsp).toMatch(/connect-src 'self';/);
    } finally {
      await sandbox.close();
    }
  });

  it('providerStatus: configured and reachable, never showing the key', async () => {
    const state = await t.services.payments.providerStatus();
    expect(state).toMatchObject({ provider: 'pagarme', configured: true, ok: true });
    expect(JSON.stringify(state)).not.toContain(fake.secretKey);
    fake.fail(1, 401);
    const down = await t.services.payments.providerStatus();
    expect(down.ok).toBe(false);
    expect(JSON.stringify(down)).not.toContain(fake.secretKey);
  });
});

describe('parseProviderDate', () => {
  it.each([
    ['2026-11-20T13:00:05.4172310Z', '2026-11-20T13:00:05.417Z'],
    ['2026-11-20T14:00:00Z', '2026-11-20T14:00:00.000Z'],
    ['2026-11-20T14:00:00.193Z', '2026-11-20T14:00:00.193Z'],
    ['2026-11-20T14:03:12', '2026-11-20T14:03:12.000Z'],
  ])('%s', (input, expected) => {
    expect(parseProviderDate(input)?.toISOString()).toBe(expected);
  });
});
