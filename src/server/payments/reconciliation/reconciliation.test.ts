/**
 * Money confirmed only when it is really there (ADR 012): lost webhooks found by reconciliation,
 * paid events without an amount asked about again, refunds that take time, and a checkout submitted
 * twice getting one link. Sandbox cases first, then Pagar.me (a fake on loopback).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { createLink, deliverSandboxWebhook, MARIANA, payByPix, rows } from '../../../../tests/checkout';
import type { FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, usePagarmeApp } from '../../../../tests/pagarme-app';
import { paymentStatusLabel } from '../../../shared/plans';
import { isSandbox } from '../providers';
import { reconcile } from './run';
import { confirmLink } from '../confirmation/confirm-link';

const status = (t: TestApp, id: string) =>
  t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });

describe('sandbox: a payment whose webhook never arrived', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('is confirmed by reconciliation, exactly once, and the late webhook changes nothing', async () => {
    const link = await createLink(t);
    // The customer paid on the sandbox's page; its webhook is lost on the way.
    const lost = t.services.payments.sandboxWebhook(link.id, 'paid', 'pix');
    // (No tracking page open: its poll would ask the provider too, see the next test.)
    expect(rows(t).links()[0]?.status).toBe('pending');

    const report = await reconcile(t.services.reconciliation);
    expect(report).toMatchObject({ linksChecked: 1, linksConfirmed: 1 });
    expect((await status(t, link.id)).json().status).toBe('paid');
    expect(rows(t).payments()).toMatchObject([{ status: 'paid', amount: 149700, method: 'pix' }]);
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(subscriber?.status).toBe('pending');
    expect(t.services.lifecycle.history(subscriber?.id ?? '')).toMatchObject([
      {
        event: 'payment_confirmed',
        fromStatus: 'pending_payment',
        toStatus: 'pending',
        actorKind: 'provider',
      },
    ]);

    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksConfirmed: 0 });
    const late = await deliverSandboxWebhook(t, lost);
    expect(late.statusCode).toBe(200);
    expect(rows(t).payments()).toHaveLength(1);
    expect(t.services.lifecycle.history(subscriber?.id ?? '')).toHaveLength(1);
  });

  it('the tracking page poll asks the provider (at most once a minute) and shows the payment', async () => {
    const link = await createLink(t);
    t.services.payments.sandboxWebhook(link.id, 'paid', 'credit_card');
    expect((await status(t, link.id)).json().status).toBe('pending');
    await vi.waitFor(() => expect(rows(t).links()[0]?.status).toBe('paid'));
    expect((await status(t, link.id)).json().status).toBe('paid');
  });

  it('an in-page PIX paid at the provider is confirmed by reconciliation', async () => {
    const res = await payByPix(t);
    expect(res.statusCode).toBe(200);
    const { paymentId } = res.json();
    t.services.payments.sandboxWebhook(paymentId, 'paid', 'pix');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({
      chargesChecked: 1,
      chargesSettled: 1,
    });
    const paid = await t.request({ method: 'GET', url: `/api/payments/status/${paymentId}` });
    expect(paid.json()).toMatchObject({ status: 'completed', method: 'pix' });
  });

  it('a paid charge that does not say how much, says 0 or less than due, never confirms the link', async () => {
    const link = await createLink(t);
    const [row] = rows(t).links();
    if (!row) throw new Error('link expected');
    const charge = {
      status: 'paid' as const,
      providerOrderId: null,
      providerChargeId: 'ch_1',
      method: 'pix' as const,
      paidAt: t.clock.now(),
      cardBrand: null,
      cardLast4: null,
      failureReason: null,
      pix: null,
    };
    for (const amount of [null, 0]) {
      expect(confirmLink(t.services.paymentConfirmation, row, { ...charge, amount })).toEqual({
        confirmed: false,
        reason: 'amount',
      });
    }
    expect(rows(t).payments()).toHaveLength(0);
    // Less than due: what was received is recorded apart for the owner to refund (ADR 030).
    expect(confirmLink(t.services.paymentConfirmation, row, { ...charge, amount: 149699 })).toMatchObject({
      confirmed: false,
      reason: 'underpaid',
    });
    expect((await status(t, link.id)).json().status).toBe('pending');
    expect(rows(t).payments()).toMatchObject([{ status: 'paid', amount: 149699, extraCharge: 'underpaid' }]);
    expect(
      confirmLink(t.services.paymentConfirmation, row, {
        ...charge,
        providerChargeId: 'ch_2',
        amount: 149700,
      }),
    ).toMatchObject({ confirmed: true });
  });
});

describe('a checkout submitted again', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('returns the pending link it already has, not a second one', async () => {
    const first = await createLink(t);
    expect(await createLink(t)).toEqual(first);
    expect(rows(t).links()).toHaveLength(1);
  });

  it('a different form, a different plan price or an expired link gets a new link', async () => {
    const first = await createLink(t);
    const otherAddress = await createLink(t, { customerNumber: '202' });
    expect(otherAddress.id).not.toBe(first.id);
    t.clock.advance(49 * 3600 * 1000);
    const afterExpiry = await createLink(t);
    expect(afterExpiry.id).not.toBe(first.id);
    expect(rows(t).links()).toHaveLength(3);
  });
});

describe('Pagar.me', () => {
  let fake: FakePagarme;
  let t: TestApp;
  usePagarmeApp((app) => ({ t, fake } = app));

  const webhook = (body: unknown) => pagarmeWebhook(t, body);

  it('order.paid whose charge does not say what was paid is asked about again, never taken as paid', async () => {
    const link = await createLink(t);
    const providerLinkId = rows(t).links()[0]?.providerLinkId ?? '';
    const hook = fake.payLink(providerLinkId);
    const order = fake.orders.get(hook.data.id);
    const paidAmount = order.charges[0].paid_amount;
    delete order.charges[0].paid_amount;

    const first = await webhook(hook);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({
      error: 'O provedor ainda não confirma este evento. Tente novamente mais tarde.',
    });
    expect(rows(t).payments()).toHaveLength(0);
    expect((await status(t, link.id)).json().status).toBe('pending');

    // Pagar.me shows the amount now: the redelivered hook confirms, once.
    order.charges[0].paid_amount = paidAmount;
    expect((await webhook(hook)).statusCode).toBe(200);
    expect(rows(t).payments()).toMatchObject([{ status: 'paid', amount: 149700 }]);
  });

  async function paidPixPayment() {
    const res = await payByPix(t);
    const { paymentId } = res.json();
    const order = [...fake.orders.values()].find((entry) => entry.code === paymentId);
    expect((await webhook(fake.payOrder(order.id))).statusCode).toBe(200);
    const payment = rows(t).payments()[0];
    if (!payment?.providerChargeId) throw new Error('paid payment expected');
    return payment;
  }

  it('a PIX refund in progress shows as such, changes nothing, and completes once with its webhook', async () => {
    const payment = await paidPixPayment();
    const before = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(before?.status).toBe('pending');
    const admin = await t.signIn('admin');
    fake.refundsPending = true;

    const answer = await t
      .caller(admin.token)
      .payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(answer).toMatchObject({ status: 'paid', refundedAt: null });
    const processing = rows(t).payments()[0];
    expect(processing).toMatchObject({
      status: 'paid',
      refundStatus: 'processing',
      refundReason: 'Desistência',
    });
    expect(paymentStatusLabel(processing?.status, processing?.refundStatus)).toBe(
      'Reembolso em processamento',
    );
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      status: 'pending',
      subscriptionEndDate: before?.subscriptionEndDate,
    });
    // Asked again while in progress: refused, nothing sent to the provider twice.
    await expect(
      t.caller(admin.token).payments.refund({ paymentId: payment.id, reason: 'De novo' }),
    ).rejects.toThrow('O reembolso deste pagamento já está em processamento.');

    const done = fake.completeRefund(payment.providerChargeId ?? '');
    expect((await webhook(done)).statusCode).toBe(200);
    expect((await webhook(done)).statusCode).toBe(200);
    expect(rows(t).payments()[0]).toMatchObject({
      status: 'refunded',
      refundStatus: null,
      refundReason: 'Desistência',
      refundedBy: admin.userId,
    });
    const after = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const refunds = t.services.lifecycle
      .history(after?.id ?? '')
      .filter((entry) => entry.event === 'refunded');
    expect(refunds).toHaveLength(1);
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('a refund whose webhook is lost is completed by reconciliation', async () => {
    const payment = await paidPixPayment();
    const admin = await t.signIn('admin');
    fake.refundsPending = true;
    await t.caller(admin.token).payments.refund({ paymentId: payment.id, reason: 'Desistência' });
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ refundsCompleted: 0 });
    fake.completeRefund(payment.providerChargeId ?? '');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ refundsCompleted: 1 });
    expect(rows(t).payments()[0]?.status).toBe('refunded');
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.status).toBe('cancelled');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ refundsCompleted: 0 });
  });

  it('a refund the provider refuses keeps everything as it was and says why', async () => {
    const payment = await paidPixPayment();
    const admin = await t.signIn('admin');
    fake.fail(1, 412);
    await expect(
      t.caller(admin.token).payments.refund({ paymentId: payment.id, reason: 'Desistência' }),
    ).rejects.toThrow(/Pagar\.me|recusad/i);
    expect(rows(t).payments()[0]).toMatchObject({ status: 'paid', refundStatus: 'failed' });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.status).toBe('pending');
  });

  it('a lost order.paid of a link is found by reconciliation', async () => {
    const link = await createLink(t);
    fake.payLink(rows(t).links()[0]?.providerLinkId ?? '');
    expect(isSandbox(t.services.payments.provider)).toBe(false);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 1, linksConfirmed: 1 });
    expect((await status(t, link.id)).json().status).toBe('paid');
  });
});
