/**
 * Refunds whose outcome is unknown, disputes and money the provider's dashboard moves (ADR 030,
 * "Refunds and disputes"). Each case runs the exact sequence
 * against the fake Pagar.me on loopback and asserts the money: what the fake holds, our rows and
 * their amounts, the member's status and end date.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are fixture JSON */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import { MARIANA, rows } from '../../../../tests/checkout';
import type { FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, payInPage, usePagarmeApp } from '../../../../tests/pagarme-app';
import { ADMIN_MSG } from '../../../shared/admin-schemas';
import { SETTINGS_MSG } from '../../../shared/content/settings-defaults';
import { formatMoney } from '../../../shared/format';
import { outbox } from '../../db/schema';
import { runJobsByHand } from '../../jobs';
import { PAYMENT_MSG } from '../messages';
import { reconcile } from '../reconciliation/run';

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

const webhook = (body: unknown) => pagarmeWebhook(t, body);

const process = (paymentMethod: 'credit_card' | 'pix') => payInPage(t, fake, paymentMethod);

const paymentRow = (id: string) => rows(t).payment(id);
const member = () => rows(t).subscriberByEmail(MARIANA.customerEmail);
const chargeAtFake = (chargeId: string | null) => {
  for (const order of fake.orders.values()) {
    const charge = order.charges?.find((entry: any) => entry.id === chargeId);
    if (charge) return charge;
  }
  return undefined;
};
const deletes = () => fake.requests.filter((request) => request.method === 'DELETE');

async function admin() {
  const signed = await t.signIn('admin');
  const headers = { authorization: `Bearer ${signed.token}` };
  return {
    email: signed.email,
    caller: t.caller(signed.token),
    get: (url: string) => t.request({ method: 'GET', url, headers }),
    post: (url: string, payload: Record<string, unknown> = {}) =>
      t.request({ method: 'POST', url, headers, payload }),
  };
}

/** A card payment paid at once: the row, and the member's period it bought. */
async function paidCard() {
  const res = await process('credit_card');
  expect(res.json()).toMatchObject({ success: true, status: 'completed' });
  const payment = paymentRow(res.json().paymentId)!;
  expect(payment).toMatchObject({ status: 'paid', amount: 149700 });
  expect(member()?.subscriptionEndDate).toEqual(payment.periodEndDate);
  return payment;
}

const listed = async (owner: Awaited<ReturnType<typeof admin>>, id: string) =>
  (await owner.get('/api/admin/payments?status=all')).json().payments.find((row: any) => row.id === id);

describe('§4 a refund whose answer is lost is in progress, not failed', () => {
  it('shows "Reembolso em processamento", refuses a second click, and one reconciliation pass completes it', async () => {
    const payment = await paidCard();
    const owner = await admin();
    // Pagar.me cancels the charge; the answer and the adapter's retry (same key) are both lost.
    fake.loseAnswers(2);
    const answer = await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(answer).toMatchObject({ status: 'paid', message: ADMIN_MSG.refundStarted });
    expect(chargeAtFake(payment.providerChargeId)).toMatchObject({
      status: 'canceled',
      canceled_amount: 149700,
    });
    expect(deletes().map((request) => request.headers['idempotency-key'])).toEqual([
      `refund-${payment.id}-1`,
      `refund-${payment.id}-1`,
    ]);
    expect(paymentRow(payment.id)).toMatchObject({
      status: 'paid',
      refundStatus: 'processing',
      refundReason: 'Desistência',
      refundFailureReason: null,
    });
    expect((await listed(owner, payment.id)).statusLabel).toBe('Reembolso em processamento');

    // No second refund while the first is unknown: nothing more is sent to Pagar.me.
    await expect(
      owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
    ).rejects.toThrow(PAYMENT_MSG.refundInProgress);
    expect(deletes()).toHaveLength(2);
    expect(member()?.subscriptionEndDate).toEqual(payment.periodEndDate);

    // `npm run jobs:run` runs one reconciliation pass: Pagar.me says refunded, so it is.
    const result = await runJobsByHand(t.services);
    expect(result.reconciliation).toMatchObject({ refundsCompleted: 1, refundsReverted: 0 });
    expect(paymentRow(payment.id)).toMatchObject({
      status: 'refunded',
      refundStatus: null,
      refundReason: 'Desistência',
    });
    expect(member()).toMatchObject({ status: 'cancelled', subscriptionEndDate: payment.previousEndDate });
    expect(fake.idempotency.replays).toBe(1);
    expect(deletes()).toHaveLength(2);
  });

  it('a refund lost before Pagar.me took it is reverted by reconciliation and asked again with a new key', async () => {
    const payment = await paidCard();
    const owner = await admin();
    fake.fail(2, 503);
    await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(paymentRow(payment.id)?.refundStatus).toBe('processing');
    expect(chargeAtFake(payment.providerChargeId)?.status).toBe('paid');

    expect(await reconcile(t.services.reconciliation)).toMatchObject({ refundsReverted: 1 });
    expect(paymentRow(payment.id)).toMatchObject({
      status: 'paid',
      refundStatus: 'failed',
      refundFailureReason: PAYMENT_MSG.refundReverted,
    });
    const again = await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(again).toMatchObject({ status: 'refunded' });
    expect(deletes().at(-1)?.headers['idempotency-key']).toBe(`refund-${payment.id}-2`);
    expect(chargeAtFake(payment.providerChargeId)?.status).toBe('canceled');
    expect(member()).toMatchObject({ status: 'cancelled', subscriptionEndDate: payment.previousEndDate });
  });

  it('"Charge can not be canceled" on a charge Pagar.me reads as refunded completes the refund', async () => {
    const payment = await paidCard();
    const owner = await admin();
    // Refunded at Pagar.me (its dashboard, or a first request whose answer was lost): no webhook came.
    const cancelled = await fetch(`${fake.apiUrl}/charges/${payment.providerChargeId}`, {
      method: 'DELETE',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotency-key': 'dashboard-cancel-1',
      },
      body: JSON.stringify({}),
    });
    expect(cancelled.status).toBe(200);

    const answer = await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(answer).toMatchObject({ status: 'refunded', message: ADMIN_MSG.refundDone });
    expect(paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundStatus: null });
    expect(member()).toMatchObject({ status: 'cancelled', subscriptionEndDate: payment.previousEndDate });
    const texts = (await owner.get(`/api/admin/payments/${payment.id}`))
      .json()
      .history.map((entry: any) => entry.text);
    expect(texts).toContain(
      'Reembolso recusado pelo provedor: O Pagar.me recusou a operação: Charge can not be canceled.',
    );
    expect(texts).toContain('Reembolso concluído pelo provedor');
  });

  it('a refusal on a charge still paid stands: "failed" with the reason, the member keeps the period', async () => {
    const payment = await paidCard();
    const owner = await admin();
    fake.fail(1, 400);
    await expect(
      owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
    ).rejects.toThrow('O Pagar.me recusou a operação: Service Unavailable');
    expect(paymentRow(payment.id)).toMatchObject({ status: 'paid', refundStatus: 'failed' });
    expect(member()?.subscriptionEndDate).toEqual(payment.periodEndDate);
  });
});

describe('§5 the card statement', () => {
  it('sends the club’s statement descriptor, saved in Configurações, with every card order', async () => {
    const owner = await admin();
    const saved = await owner.post('/api/admin/settings', { statementDescriptor: ' Vinhos Amigos ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.statementDescriptor).toBe('VINHOS AMIGOS');
    await paidCard();
    const order = fake.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/orders'),
    );
    expect(order?.body.payments[0].credit_card.statement_descriptor).toBe('VINHOS AMIGOS');
  });

  it.each(['CONFRARIA VINHOS', 'Adega São João', 'Vinhos & Cia', '   '])(
    'refuses %j (Pagar.me: at most 13 letters without accents, digits or spaces) and changes nothing',
    async (statementDescriptor) => {
      const owner = await admin();
      const res = await owner.post('/api/admin/settings', { statementDescriptor });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: SETTINGS_MSG.statementDescriptorInvalid });
      expect(t.services.settings.get().statementDescriptor).toBe('CONFRARIA');
    },
  );
});

describe('§5 a chargeback', () => {
  it('is recorded as such, withdraws the period like a refund and e-mails the admins, once', async () => {
    const payment = await paidCard();
    const owner = await admin();
    const hook = fake.chargeback(payment.providerChargeId ?? '');
    expect((await webhook(hook)).statusCode).toBe(200);
    expect((await webhook({ ...hook, id: 'hook_again' })).statusCode).toBe(200);

    const row = paymentRow(payment.id);
    expect(row).toMatchObject({ status: 'refunded', refundReason: PAYMENT_MSG.chargebackReason });
    expect(row?.chargedbackAt).toBeInstanceOf(Date);
    expect(member()).toMatchObject({ status: 'cancelled', subscriptionEndDate: payment.previousEndDate });
    expect((await listed(owner, payment.id)).statusLabel).toBe('Contestado (chargeback)');
    const alerts = t.services.db.select().from(outbox).where(eq(outbox.template, 'chargeback_alert')).all();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: 'email', recipient: owner.email });
    expect(alerts[0]?.subject).toContain('Contestação de pagamento (chargeback)');
    expect(alerts[0]?.body).toContain(formatMoney(149700));
    // Nothing more to refund: the bank took the money back.
    await expect(
      owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
    ).rejects.toThrow(PAYMENT_MSG.refundOnlyPaid);
    expect(deletes()).toHaveLength(0);
  });
});

describe('§5 a charge paid with more than due', () => {
  it('records the surplus as an extra charge the owner refunds in one click, from the same charge', async () => {
    const { paymentId } = (await process('pix')).json();
    const order = [...fake.orders.values()].find((entry) => entry.code === paymentId);
    expect((await webhook(fake.overpayOrder(order.id, 160000))).statusCode).toBe(200);
    const chargeId = order.charges[0].id;

    expect(paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      amount: 149700,
      providerChargeId: chargeId,
    });
    const surplus = rows(t)
      .payments()
      .find((row) => row.extraCharge === 'overpaid');
    expect(surplus).toMatchObject({
      status: 'paid',
      amount: 10300,
      extraChargeOf: paymentId,
      providerChargeId: null,
      periodEndDate: null,
    });
    const owner = await admin();
    expect((await listed(owner, surplus!.id)).statusLabel).toBe('Valor recebido a mais');
    const end = member()?.subscriptionEndDate;

    const refunded = await owner.post(`/api/admin/payments/${surplus!.id}/refund-extra-charge`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    expect(deletes().map((request) => [request.path, request.body.amount])).toEqual([
      [expect.stringMatching(new RegExp(`/charges/${chargeId}$`)), 10300],
    ]);
    expect(chargeAtFake(chargeId)).toMatchObject({ status: 'overpaid', canceled_amount: 10300 });
    expect(paymentRow(surplus!.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'Valor recebido a mais',
    });
    expect(paymentRow(paymentId)?.status).toBe('paid');
    expect(member()?.subscriptionEndDate).toEqual(end);

    // The payment itself is refunded later: what is left of the charge goes back.
    const all = await owner.caller.payments.refund({ paymentId, reason: 'Desistência' });
    expect(all).toMatchObject({ status: 'refunded' });
    expect(deletes().at(-1)?.body.amount).toBe(149700);
    expect(chargeAtFake(chargeId)).toMatchObject({ status: 'canceled', canceled_amount: 160000 });
  });
});

describe('§5 a partial refund made in Pagar.me’s dashboard', () => {
  it('is read and recorded once, never answered "not yet", and a later refund asks for the rest', async () => {
    const payment = await paidCard();
    const chargeId = payment.providerChargeId ?? '';
    const partial = fake.refundInDashboard(chargeId, 50000);
    expect((await webhook(partial)).statusCode).toBe(200);
    // The same state announced as `charge.refunded`: seen, not retried forever.
    const asRefunded = { ...partial, id: 'hook_refunded', type: 'charge.refunded' };
    expect((await webhook(asRefunded)).statusCode).toBe(200);

    expect(paymentRow(payment.id)).toMatchObject({ status: 'paid', amount: 149700, refundedAmount: 50000 });
    expect(member()?.subscriptionEndDate).toEqual(payment.periodEndDate);
    const owner = await admin();
    expect((await listed(owner, payment.id)).statusLabel).toBe('Pago (reembolso parcial)');
    const texts = (await owner.get(`/api/admin/payments/${payment.id}`))
      .json()
      .history.map((entry: any) => entry.text);
    expect(
      texts.filter((text: string) => text.startsWith('Reembolso parcial informado pelo provedor')),
    ).toEqual([
      `Reembolso parcial informado pelo provedor: ${formatMoney(50000)} devolvidos, o restante continua pago`,
    ]);

    const rest = await owner.caller.payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(rest).toMatchObject({ status: 'refunded' });
    expect(deletes().map((request) => request.body.amount)).toEqual([99700]);
    expect(chargeAtFake(chargeId)).toMatchObject({ status: 'canceled', canceled_amount: 149700 });
    expect(member()).toMatchObject({ status: 'cancelled', subscriptionEndDate: payment.previousEndDate });
  });
});
