/**
 * Money that is never charged twice, never cancelled by a stale charge, and never lost between
 * Pagar.me and us (ADR 030). Each case runs
 * against the fake Pagar.me on loopback with the movable clock.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are fixture JSON */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { createLink, MARIANA, rows } from '../../../tests/checkout';
import { PAGARME_PAID_CARD, type FakePagarme } from '../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, payInPage, usePagarmeApp } from '../../../tests/pagarme-app';
import { formatMoney } from '../../shared/format';
import { paymentStatusLabel } from '../../shared/plans';
import { payments } from '../db/schema';
import { PAYMENT_MSG } from './messages';
import { reconcile } from './reconciliation/run';
import { confirmLink } from './confirmation/confirm-link';
import { expireOverdue } from './links/link-status';

const HOUR = 3600 * 1000;

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

const webhook = (body: unknown) => pagarmeWebhook(t, body);

const process = (paymentMethod: 'credit_card' | 'pix', paymentId?: string, cardNumber?: string) =>
  payInPage(t, fake, paymentMethod, { paymentId, cardNumber });

const ordersOf = (code: string) => [...fake.orders.values()].filter((order) => order.code === code);
const orderCreates = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/orders'));
const paymentRow = (id: string) => rows(t).payment(id);
const statusOf = async (id: string) =>
  (await t.request({ method: 'GET', url: `/api/payments/status/${id}` })).json().status;

async function admin() {
  const signed = await t.signIn('admin');
  const headers = { authorization: `Bearer ${signed.token}` };
  return {
    ...signed,
    caller: t.caller(signed.token),
    get: (url: string) => t.request({ method: 'GET', url, headers }),
    post: (url: string, payload: Record<string, unknown> = {}) =>
      t.request({ method: 'POST', url, headers, payload }),
  };
}

describe('1. one idempotency key per attempt; an answer lost is "em verificação", never a second charge', () => {
  it('the customer sees "em verificação" and the retry reuses the attempt: one order, paid once', async () => {
    // Pagar.me charges the card and both answers (the call and the adapter's retry) are lost.
    fake.loseAnswers(2);
    const first = await process('credit_card');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, status: 'pending', message: PAYMENT_MSG.verifying });
    const { paymentId } = first.json();
    const verifying = paymentRow(paymentId);
    expect(verifying).toMatchObject({ status: 'pending', attempt: 1 });
    expect(verifying?.verifyingSince).not.toBeNull();
    expect(paymentStatusLabel(verifying?.status, verifying?.refundStatus, verifying)).toBe('Em verificação');
    expect(await statusOf(paymentId)).toBe('pending');
    expect(ordersOf(paymentId)).toHaveLength(1);

    // The customer tries again with the same payment: the charge already made is found, not repeated.
    const again = await process('credit_card', paymentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'completed', paymentId });
    expect(ordersOf(paymentId)).toHaveLength(1);
    expect(new Set(orderCreates().map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([`order-${paymentId}-1`]),
    );
    expect(rows(t).payments()).toHaveLength(1);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'paid', verifyingSince: null });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.paymentStatus).toBe('paid');

    const owner = await admin();
    const listed = (await owner.get('/api/admin/payments')).json().payments;
    expect(listed).toMatchObject([{ id: paymentId, statusLabel: 'Pago' }]);
  });

  it('a retry while the outcome is unknown sends nothing new: Pagar.me is asked by our code, the attempt stays in verification', async () => {
    fake.fail(2, 503);
    const first = await process('credit_card');
    expect(first.json()).toMatchObject({ status: 'pending', message: PAYMENT_MSG.verifying });
    const { paymentId } = first.json();
    expect(ordersOf(paymentId)).toHaveLength(0);

    const again = await process('credit_card', paymentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paymentId, status: 'pending', verifying: true });
    expect(ordersOf(paymentId)).toHaveLength(0);
    // The call and the adapter's own retry, with one key and one body; the customer's retry sent none.
    expect(orderCreates().map((request) => request.headers['idempotency-key'])).toEqual([
      `order-${paymentId}-1`,
      `order-${paymentId}-1`,
    ]);
    expect(JSON.stringify(orderCreates()[0]?.body)).toBe(JSON.stringify(orderCreates()[1]?.body));
    expect(fake.requests.some((request) => request.path.includes(`/orders?code=${paymentId}`))).toBe(true);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'pending', amount: 149700 });
    expect(rows(t).payments()).toHaveLength(1);
  });

  it('reconciliation finds the order of a lost answer by our code and confirms it once', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await process('credit_card')).json();
    expect(await reconcile(t.services.reconciliation)).toMatchObject({
      chargesChecked: 1,
      chargesSettled: 1,
    });
    expect(fake.requests.some((request) => request.path.includes(`/orders?code=${paymentId}`))).toBe(true);
    expect(await statusOf(paymentId)).toBe('completed');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ chargesSettled: 0 });
    expect(rows(t).payments()).toHaveLength(1);
  });

  it('with no order under our code an hour later, the attempt fails and the next one has a new key', async () => {
    fake.fail(2, 503);
    const { paymentId } = (await process('credit_card')).json();
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ chargesSettled: 0 });
    expect(paymentRow(paymentId)?.status).toBe('pending');
    t.clock.advance(HOUR + 60_000);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ chargesSettled: 1 });
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: PAYMENT_MSG.verifyingGaveUp,
      verifyingSince: null,
    });

    const again = await process('credit_card', paymentId);
    expect(again.json()).toMatchObject({ status: 'completed' });
    expect(orderCreates().at(-1)?.headers['idempotency-key']).toBe(`order-${paymentId}-2`);
    expect(paymentRow(paymentId)?.attempt).toBe(2);
  });

  it('an extra paid order for a payment already paid is a "cobrança duplicada", refunded in one click', async () => {
    const paid = await process('credit_card');
    expect(paid.json().status).toBe('completed');
    const { paymentId } = paid.json();
    const before = rows(t).subscriberByEmail(MARIANA.customerEmail);

    const second = fake.chargeAgain(paymentId);
    expect((await webhook(second)).statusCode).toBe(200);
    expect((await webhook(second)).statusCode).toBe(200);
    const extra = rows(t)
      .payments()
      .find((payment) => payment.id !== paymentId);
    expect(rows(t).payments()).toHaveLength(2);
    expect(extra).toMatchObject({
      status: 'paid',
      amount: 149700,
      extraCharge: 'duplicate',
      extraChargeOf: paymentId,
      providerChargeId: second.data.charges[0].id,
      providerOrderId: second.data.id,
      periodEndDate: null,
    });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.subscriptionEndDate).toEqual(
      before?.subscriptionEndDate,
    );

    const owner = await admin();
    const listed = (await owner.get('/api/admin/payments?status=paid')).json().payments;
    expect(listed.map((row: any) => row.statusLabel).sort()).toEqual(['Cobrança duplicada', 'Pago']);
    const detail = await owner.get(`/api/admin/payments/${paymentId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().extraCharges).toMatchObject([
      { id: extra?.id, statusLabel: 'Cobrança duplicada', amount: 149700 },
    ]);

    // Only an extra charge is refunded this way; the payment that bought the period is not.
    const wrong = await owner.post(`/api/admin/payments/${paymentId}/refund-extra-charge`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ error: PAYMENT_MSG.refundExtraOnly });

    const refunded = await owner.post(`/api/admin/payments/${extra?.id}/refund-extra-charge`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ id: extra?.id, status: 'refunded' });
    const cancel = fake.requests.filter((request) => request.method === 'DELETE');
    expect(cancel).toHaveLength(1);
    expect(cancel[0]?.path).toMatch(new RegExp(`/charges/${extra?.providerChargeId}$`));
    expect(paymentRow(extra?.id ?? '')).toMatchObject({
      status: 'refunded',
      refundReason: 'Cobrança duplicada',
    });
    expect(paymentRow(paymentId)?.status).toBe('paid');
    const after = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(after).toMatchObject({
      status: before?.status,
      paymentStatus: 'paid',
      subscriptionEndDate: before?.subscriptionEndDate,
    });
    expect(
      t.services.lifecycle.history(after?.id ?? '').filter((entry) => entry.event === 'refunded'),
    ).toEqual([]);

    const member = await t.signIn('user');
    const refused = await t.request({
      method: 'POST',
      url: `/api/admin/payments/${extra?.id}/refund-extra-charge`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('2. a charge never paid cancels only itself', () => {
  it.each(['charge.refunded', 'charge.updated'])(
    'a link’s stale PIX reported canceled (%s) leaves the card payment paid and the member as they were',
    async (type) => {
      await createLink(t);
      const pl = rows(t).links()[0]?.providerLinkId ?? '';
      const pix = fake.openLinkPix(pl);
      expect((await webhook(fake.payLink(pl, { method: 'credit_card' }))).statusCode).toBe(200);
      const before = rows(t).subscriberByEmail(MARIANA.customerEmail);
      expect(before).toMatchObject({ status: 'pending', paymentStatus: 'paid' });

      const stale = await webhook(fake.cancelUnpaidCharge(pix.charges[0].id, type));
      expect(stale.statusCode).toBe(200);
      expect(rows(t).payments()).toMatchObject([{ status: 'paid', method: 'credit_card' }]);
      expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
        status: 'pending',
        paymentStatus: 'paid',
        subscriptionEndDate: before?.subscriptionEndDate,
      });
    },
  );

  it('an in-page PIX that expired unpaid and is reported canceled becomes "Cancelado", nothing else', async () => {
    const { paymentId } = (await process('pix')).json();
    const order = ordersOf(paymentId)[0];
    expect((await webhook(fake.cancelUnpaidCharge(order.charges[0].id))).statusCode).toBe(200);
    expect(paymentRow(paymentId)?.status).toBe('cancelled');
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.paymentStatus).not.toBe('refunded');
  });
});

describe('3. charge events: what Pagar.me answers and the ids we issued, never the body', () => {
  it('a charge event whose body names another link changes nothing there', async () => {
    const { paymentId } = (await process('credit_card')).json();
    const paid = paymentRow(paymentId);
    await createLink(t, { customerEmail: 'outra.pessoa@example.com' });
    const link = rows(t).links()[0];
    const hook = {
      id: 'hook_body_names_a_link',
      type: 'charge.paid',
      data: {
        id: paid?.providerChargeId,
        code: link?.id,
        metadata: { payment_link_id: link?.providerLinkId, payment_id: link?.id },
        order: { id: 'or_outro', code: link?.id, metadata: { order_code: link?.id } },
      },
    };
    expect((await webhook(hook)).statusCode).toBe(200);
    expect(rows(t).links()[0]?.status).toBe('pending');
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      paymentLinkId: null,
      subscriberId: paid?.subscriberId,
    });
    expect(rows(t).payments()).toHaveLength(1);
  });

  it('a paid payment is never moved onto another link or subscriber', async () => {
    await createLink(t);
    const pl = rows(t).links()[0]?.providerLinkId ?? '';
    expect((await webhook(fake.payLink(pl, { method: 'credit_card' }))).statusCode).toBe(200);
    const paid = rows(t).payments()[0];
    await createLink(t, { customerEmail: 'outra.pessoa@example.com' });
    const other = rows(t)
      .links()
      .find((link) => link.customerEmail === 'outra.pessoa@example.com');
    if (!other || !paid) throw new Error('rows expected');
    const charge = {
      status: 'paid' as const,
      providerOrderId: paid.providerOrderId,
      providerChargeId: paid.providerChargeId,
      method: 'credit_card' as const,
      amount: 149700,
      paidAt: t.clock.now(),
      cardBrand: 'Visa',
      cardLast4: '0010',
      failureReason: null,
      pix: null,
    };
    expect(confirmLink(t.services.paymentConfirmation, other, charge)).toMatchObject({ confirmed: false });
    expect(paymentRow(paid.id)).toMatchObject({
      paymentLinkId: paid.paymentLinkId,
      subscriberId: paid.subscriberId,
    });
    expect(
      rows(t)
        .links()
        .find((link) => link.id === other.id)?.status,
    ).toBe('pending');
  });
});

describe('4. refunds and reconciliation', () => {
  async function paidPix() {
    const { paymentId } = (await process('pix')).json();
    const order = ordersOf(paymentId)[0];
    expect((await webhook(fake.payOrder(order.id))).statusCode).toBe(200);
    return paymentRow(paymentId)!;
  }

  it('a refund left pending whose charge is paid again is reconciled back, and the retry goes through', async () => {
    const payment = await paidPix();
    const owner = await admin();
    fake.refundsPending = true;
    await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(paymentRow(payment.id)?.refundStatus).toBe('processing');

    fake.revertRefund(payment.providerChargeId ?? '');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ refundsReverted: 1 });
    const reverted = paymentRow(payment.id);
    expect(reverted).toMatchObject({
      status: 'paid',
      refundStatus: 'failed',
      refundFailureReason: PAYMENT_MSG.refundReverted,
    });
    expect(paymentStatusLabel(reverted?.status, reverted?.refundStatus)).toBe('Pago');

    fake.refundsPending = false;
    const retried = await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    // The earlier refusal is history: a refunded payment does not read "Reembolso recusado".
    expect(retried).toMatchObject({ status: 'refunded' });
    expect(paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundFailureReason: null });
    const keys = fake.requests
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`refund-${payment.id}-1`, `refund-${payment.id}-2`]);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.status).toBe('cancelled');
  });

  it('two refund clicks at once send one refund to Pagar.me', async () => {
    const payment = await paidPix();
    const owner = await admin();
    const clicks = await Promise.allSettled([
      owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
      owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
    ]);
    expect(clicks.map((click) => click.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(paymentRow(payment.id)?.status).toBe('refunded');
  });

  it('a charge.paid webhook for a charge whose refund was in progress reverts the refund too', async () => {
    const payment = await paidPix();
    const owner = await admin();
    fake.refundsPending = true;
    await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    fake.revertRefund(payment.providerChargeId ?? '');
    const hook = { id: 'hook_paid_again', type: 'charge.paid', data: { id: payment.providerChargeId } };
    expect((await webhook(hook)).statusCode).toBe(200);
    expect(paymentRow(payment.id)).toMatchObject({ status: 'paid', refundStatus: 'failed' });
    const texts = (await owner.get(`/api/admin/payments/${payment.id}`))
      .json()
      .history.map((entry: any) => entry.text);
    expect(texts).toContain('Evento charge.paid: pago, reembolso não concluído: a cobrança está paga');
  });

  it('keeps looking at a link’s PIX for the hour it stays payable after the link expires', async () => {
    const link = await createLink(t);
    const pl = rows(t).links()[0]?.providerLinkId ?? '';
    const pix = fake.openLinkPix(pl);
    t.clock.advance(48 * HOUR + 10 * 60_000);
    // Pagar.me is asked first: the PIX is not paid yet, so the link is expired.
    expect(await expireOverdue(t.services.paymentLinks)).toBe(1);
    expect(rows(t).links()[0]?.status).toBe('expired');

    // Paid inside its hour; the webhook is lost. Reconciliation's next pass, minutes later.
    fake.payOrder(pix.id);
    fake.links.get(pl).total_paid_sessions = 1;
    t.clock.advance(5 * 60_000);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 1, linksConfirmed: 1 });
    expect(rows(t).links()[0]).toMatchObject({ id: link.id, status: 'paid' });
    expect(rows(t).payments()).toMatchObject([{ status: 'paid', method: 'pix' }]);

    // A link whose hour is over is asked about once more (ADR 030), here by the expiry itself,
    // then no more.
    await createLink(t, { customerEmail: 'outra.pessoa@example.com' });
    t.clock.advance(48 * HOUR + 61 * 60_000);
    const linkReads = () =>
      fake.requests.filter((request) => request.method === 'GET' && request.path.includes('/paymentlinks/'))
        .length;
    const before = linkReads();
    expect(await expireOverdue(t.services.paymentLinks)).toBe(1);
    expect(linkReads()).toBe(before + 1);
    t.clock.advance(5 * 60_000);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 0 });
  });

  it('an underpaid PIX records what was received, not a failure without money, and offers its refund', async () => {
    const { paymentId } = (await process('pix')).json();
    const order = ordersOf(paymentId)[0];
    expect((await webhook(fake.underpayOrder(order.id, 100000))).statusCode).toBe(200);
    const received = rows(t)
      .payments()
      .find((payment) => payment.extraCharge === 'underpaid');
    expect(received).toMatchObject({
      status: 'paid',
      amount: 100000,
      extraChargeOf: paymentId,
      providerChargeId: order.charges[0].id,
    });
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: PAYMENT_MSG.underpaid(100000, 149700),
    });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.paymentStatus).not.toBe('paid');

    const owner = await admin();
    const listed = (await owner.get('/api/admin/payments?status=paid')).json().payments;
    expect(listed).toMatchObject([{ id: received?.id, statusLabel: 'Valor recebido a menor' }]);
    const refunded = await owner.post(`/api/admin/payments/${received?.id}/refund-extra-charge`);
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    expect(paymentRow(received?.id ?? '')?.refundReason).toBe('Valor recebido a menor');
  });

  it('a link paid with less than due records the money received on the link', async () => {
    const link = await createLink(t);
    const pl = rows(t).links()[0]?.providerLinkId ?? '';
    expect((await webhook(fake.payLink(pl, { method: 'pix', amount: 100000 }))).statusCode).toBe(200);
    expect(rows(t).links()[0]?.status).toBe('pending');
    expect(rows(t).payments()).toMatchObject([
      { status: 'paid', amount: 100000, extraCharge: 'underpaid', paymentLinkId: link.id },
    ]);
  });
});

describe('4. reconciliation walks every pending row, in a stable order, across passes', () => {
  it('250 pending charges and 150 refunds in progress are each asked about once in three passes', async () => {
    const subscriber = t.services.subscribers.upsertForCheckout(
      { name: 'Muitos Pagamentos', email: 'muitos@example.com', phone: '', cpf: null },
      149700,
    ).subscriber;
    const now = t.clock.now();
    const insert = (id: string, status: 'pending' | 'paid') =>
      t.services.db
        .insert(payments)
        .values({
          id,
          subscriberId: subscriber.id,
          amount: 149700,
          status,
          method: 'pix',
          provider: 'pagarme',
          providerChargeId: `ch_${id}`,
          refundStatus: status === 'paid' ? 'processing' : null,
          description: 'Teste',
          paidAt: status === 'paid' ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .run();
    for (let index = 0; index < 250; index++) insert(`pend${String(index).padStart(4, '0')}`, 'pending');
    for (let index = 0; index < 150; index++) insert(`refd${String(index).padStart(4, '0')}`, 'paid');

    const asked: string[] = [];
    const provider = t.services.payments.provider;
    provider.getCharge = async ({ paymentId }) => {
      asked.push(paymentId);
      return null;
    };
    for (let pass = 0; pass < 3; pass++) await reconcile(t.services.reconciliation);
    const pending = asked.filter((id) => id.startsWith('pend'));
    const refunds = asked.filter((id) => id.startsWith('refd'));
    expect(new Set(pending).size).toBe(250);
    expect(new Set(refunds).size).toBe(150);
    expect(pending.length).toBe(250);
  });
});

describe('the owner’s view of a payment: provider ids and its history, no personal data', () => {
  it('GET /api/admin/payments/:id answers the ids, the attempts and what happened, in Portuguese', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await process('credit_card')).json();
    await reconcile(t.services.reconciliation);
    const order = ordersOf(paymentId)[0];

    const owner = await admin();
    const detail = await owner.get(`/api/admin/payments/${paymentId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.payment).toMatchObject({
      id: paymentId,
      statusLabel: 'Pago',
      providerOrderId: order.id,
      providerChargeId: order.charges[0].id,
      attempts: 1,
    });
    const texts = body.history.map((entry: any) => `${entry.sourceLabel}: ${entry.text}`);
    expect(texts).toEqual([
      'Checkout: Tentativa 1 enviada ao provedor (cartão de crédito)',
      'Checkout: Resposta do provedor não recebida: pagamento em verificação',
      `Conciliação: Pedido ${order.id} encontrado pelo nosso código: pago (${formatMoney(149700)})`,
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('52998224725');
    expect(text).not.toContain('529.982.247-25');
    expect(text).not.toContain(PAGARME_PAID_CARD);

    expect((await owner.get('/api/admin/payments/naoexiste')).json()).toEqual({
      error: 'Pagamento não encontrado',
    });
    const member = await t.signIn('user');
    const refused = await t.request({
      method: 'GET',
      url: `/api/admin/payments/${paymentId}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps at most the latest 50 entries per payment', async () => {
    const { paymentId } = (await process('pix')).json();
    for (let index = 0; index < 80; index++) {
      t.services.paymentHistory.record({
        paymentId,
        source: 'reconciliation',
        kind: 'lookup',
        details: { outcome: 'pending', attempt: index },
      });
    }
    const kept = t.services.paymentHistory.forPayment(paymentId);
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)?.details).toMatchObject({ attempt: 79 });
    expect(t.services.db.select().from(payments).where(eq(payments.id, paymentId)).get()?.status).toBe(
      'pending',
    );
  });
});

describe('sandbox: a second charge simulated for tests and development', () => {
  it('`again: true` on a paid link records a "cobrança duplicada" the owner refunds in one click', async () => {
    const sandbox = await createTestApp();
    try {
      const link = await createLink(sandbox);
      const pay = (again?: boolean) =>
        sandbox.request({
          method: 'POST',
          url: `/sandbox/pay/${link.id}`,
          payload: { outcome: 'paid', method: 'credit_card', ...(again ? { again } : {}) },
        });
      expect((await pay()).statusCode).toBe(200);
      // The hosted page's ordinary outcome refuses a paid link; only the marked simulation charges again.
      expect((await pay()).statusCode).toBe(409);
      expect((await pay(true)).statusCode).toBe(200);
      const all = sandbox.services.db.select().from(payments).all();
      const original = all.find((payment) => !payment.extraCharge);
      const extra = all.find((payment) => payment.extraCharge === 'duplicate');
      expect(extra).toMatchObject({ status: 'paid', extraChargeOf: original?.id, paymentLinkId: link.id });

      const signed = await sandbox.signIn('admin');
      const headers = { authorization: `Bearer ${signed.token}` };
      const detail = (
        await sandbox.request({ method: 'GET', url: `/api/admin/payments/${original?.id}`, headers })
      ).json();
      expect(detail.extraCharges).toMatchObject([{ id: extra?.id, statusLabel: 'Cobrança duplicada' }]);
      expect(detail.history.map((entry: any) => entry.text)).toContain(
        `Cobrança duplicada: ${formatMoney(149700)} (cobrança ${extra?.providerChargeId}), a reembolsar`,
      );
      const refunded = await sandbox.request({
        method: 'POST',
        url: `/api/admin/payments/${extra?.id}/refund-extra-charge`,
        headers,
      });
      expect(refunded.json()).toMatchObject({ status: 'refunded', message: 'Pagamento reembolsado.' });
      const after = sandbox.services.db.select().from(payments).all();
      expect(after.find((payment) => payment.id === original?.id)?.status).toBe('paid');
    } finally {
      await sandbox.close();
    }
  });
});
