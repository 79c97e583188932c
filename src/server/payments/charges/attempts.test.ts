/**
 * Every unknown outcome of an in-page attempt is asked of Pagar.me before anything is decided
 * (ADR 030). Each case runs the sequence
 * that was reproduced against the fake Pagar.me on loopback and asserts the money: the orders
 * Pagar.me holds, our payment rows and amounts, and the member's end date.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are fixture JSON */
import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import { checkoutPayload, createLink, MARIANA, rows } from '../../../../tests/checkout';
import { PAGARME_REFUSED_CARD, type FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, payInPage, usePagarmeApp } from '../../../../tests/pagarme-app';
import { paymentStatusLabel, SUBSCRIPTION_DAYS } from '../../../shared/plans';
import { PAYMENT_MSG } from '../messages';
import { reconcile } from '../reconciliation/run';
import { expireOverdue } from '../links/link-status';

const DAY = 24 * 3600 * 1000;
const MINUTE = 60 * 1000;

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

const webhook = (body: unknown) => pagarmeWebhook(t, body);

/** POST /api/payments/process as the in-page checkout sends it (the card as Pagar.me's token). */
const pay = (
  paymentMethod: 'credit_card' | 'pix',
  options: { paymentId?: string; cardNumber?: string; customer?: Record<string, unknown> } = {},
) => payInPage(t, fake, paymentMethod, options);

const orders = () => [...fake.orders.values()];
const paidOrders = () => orders().filter((order: any) => order.status === 'paid');
const orderCreates = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/orders'));
const paymentRow = (id: string) => rows(t).payment(id);
const linkCreates = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/paymentlinks'));
/** POST /api/payment-links/create-public: Mariana (or `overrides`) opens /checkout. */
const checkout = (overrides: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/payment-links/create-public', payload: checkoutPayload(overrides) });
const mariana = () => rows(t).subscriberByEmail(MARIANA.customerEmail);
const statusOf = async (id: string) =>
  (await t.request({ method: 'GET', url: `/api/payments/status/${id}` })).json();

/** Exactly one year from the payment that bought it: never two. */
function expectOneYear(paidAt: Date | null | undefined) {
  const end = mariana()?.subscriptionEndDate;
  expect(paidAt).toBeInstanceOf(Date);
  expect(end).toBeInstanceOf(Date);
  expect(((end as Date).getTime() - (paidAt as Date).getTime()) / DAY).toBe(SUBSCRIPTION_DAYS);
}

/** Pagar.me is asked by our code: the one charge made is confirmed, once, for one year. */
async function expectConfirmedOnce(paymentId: string) {
  await reconcile(t.services.reconciliation);
  expect(paidOrders()).toHaveLength(1);
  expect(rows(t).payments()).toMatchObject([{ id: paymentId, status: 'paid', amount: 149700 }]);
  expectOneYear(paymentRow(paymentId)?.paidAt);
}

type Answer = Awaited<ReturnType<TestApp['request']>>;

/** The person's own attempt, or link, is in verification: it is answered and nothing new is made. */
function expectHeldBack(answer: Answer, attempt: { paymentId: string } | { paymentLinkId: string }) {
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({
    success: true,
    ...attempt,
    status: 'pending',
    verifying: true,
    message: PAYMENT_MSG.verifyingHeldBack,
  });
}

/** Someone sharing only the e-mail or only the CPF: the 409 in Portuguese, never the attempt's id. */
function expectRefusedForPerson(answer: Answer, attemptId: string) {
  expect(answer.statusCode).toBe(409);
  expect(answer.json()).toEqual({ error: PAYMENT_MSG.verifyingForPerson });
  expect(answer.body).not.toContain(attemptId);
}

/**
 * Mariana's link paid by card at Pagar.me two minutes before its 48 hours end, its order.paid
 * webhook lost; the clock then passes the deadline.
 */
async function linkPaidInItsLastMinutes() {
  const link = await createLink(t);
  t.clock.advance(48 * 3600 * 1000 - 2 * MINUTE);
  fake.payLink(rows(t).links()[0]?.providerLinkId ?? '', { method: 'credit_card' });
  t.clock.advance(3 * MINUTE);
  return link;
}

describe('§1 one person, one charge while an attempt is unknown', () => {
  it('the card answer is lost and the customer pays again from a reloaded page: nothing is charged, one year is given', async () => {
    fake.loseAnswers(2);
    const first = await pay('credit_card');
    expect(first.json()).toMatchObject({
      status: 'pending',
      verifying: true,
      message: PAYMENT_MSG.verifying,
    });
    const { paymentId } = first.json();

    // The reloaded page carries no paymentId: the first attempt is shown, nothing is sent.
    expectHeldBack(await pay('credit_card'), { paymentId });
    // A PIX instead is held back just the same.
    expect((await pay('pix')).json()).toMatchObject({ paymentId, verifying: true });
    expect(orderCreates().map((request) => request.headers['idempotency-key'])).toEqual([
      `order-${paymentId}-1`,
      `order-${paymentId}-1`,
    ]);
    expect(orders()).toHaveLength(1);
    expect(rows(t).payments()).toHaveLength(1);
    expect(await statusOf(paymentId)).toMatchObject({ status: 'pending', verifying: true });
    const row = paymentRow(paymentId);
    expect(paymentStatusLabel(row?.status, row?.refundStatus, row)).toBe('Em verificação');

    await expectConfirmedOnce(paymentId);
  });

  it('someone typing the same e-mail or the same CPF is told a payment is in verification: no id, nothing written or sent', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card')).json();
    const subscribersBefore = t.services.db.$client.prepare('select count(*) as n from subscribers').get();
    const requestsBefore = fake.requests.length;

    for (const customer of [{ cpf: '111.444.777-35' }, { email: 'outra.pessoa@example.com' }]) {
      expectRefusedForPerson(await pay('pix', { customer }), paymentId);
    }
    // Only the card tokenizations went to Pagar.me (none: PIX), no order.
    expect(fake.requests.length).toBe(requestsBefore);
    expect(t.services.db.$client.prepare('select count(*) as n from subscribers').get()).toEqual(
      subscribersBefore,
    );
    expect(rows(t).payments()).toHaveLength(1);
  });

  it('a second paid charge for the same period, arriving by a link while the card was unknown, is a "cobrança duplicada", never a second year', async () => {
    // A link made earlier (no new one is made while the card is unknown: see the next describe).
    await createLink(t);
    const link = rows(t).links()[0];
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card')).json();
    // The same person pays through that payment link meanwhile.
    expect(
      (await webhook(fake.payLink(link?.providerLinkId ?? '', { method: 'credit_card' }))).statusCode,
    ).toBe(200);
    const linkPayment = rows(t)
      .payments()
      .find((payment) => payment.paymentLinkId === link?.id);
    expect(linkPayment).toMatchObject({ status: 'paid', amount: 149700, extraCharge: null });
    const endAfterLink = mariana()?.subscriptionEndDate;

    // The card's lost answer is then found paid at Pagar.me: money for the period already bought.
    await reconcile(t.services.reconciliation);
    expect(paidOrders()).toHaveLength(2);
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      amount: 149700,
      extraCharge: 'duplicate',
      extraChargeOf: linkPayment?.id,
      periodEndDate: null,
    });
    expect(mariana()?.subscriptionEndDate).toEqual(endAfterLink);
    expectOneYear(linkPayment?.paidAt);

    // The owner's one click gives the duplicate back; the member keeps the year the link bought.
    const signed = await t.signIn('admin');
    const refunded = await t.request({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund-extra-charge`,
      headers: { authorization: `Bearer ${signed.token}` },
    });
    expect(refunded.statusCode).toBe(200);
    const cancels = fake.requests.filter((request) => request.method === 'DELETE');
    expect(cancels.map((request) => request.path)).toEqual([
      expect.stringMatching(new RegExp(`/charges/${paymentRow(paymentId)?.providerChargeId}$`)),
    ]);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundReason: 'Cobrança duplicada' });
    expect(paymentRow(linkPayment?.id ?? '')?.status).toBe('paid');
    expect(mariana()).toMatchObject({ paymentStatus: 'paid', subscriptionEndDate: endAfterLink });
  });
});

describe('§1 a new payment link is not made while an attempt of the same person is unknown', () => {
  const subscriberCount = () =>
    t.services.db.$client.prepare('select count(*) as n from subscribers').get() as { n: number };

  it('the card answer is lost and the same person opens /checkout: that attempt in verification is answered, no link is made at Pagar.me', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card')).json();

    const again = await checkout();
    expectHeldBack(again, { paymentId });
    // The SPA's tRPC call gets the same answer (one operation).
    expect(await t.caller().checkout.createPublicLink(checkoutPayload() as any)).toEqual(again.json());
    expect(linkCreates()).toHaveLength(0);
    expect(fake.links.size).toBe(0);
    // Only the lost attempt and the adapter's retry of it, under its one key: one order.
    expect(new Set(orderCreates().map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([`order-${paymentId}-1`]),
    );
    expect(orders()).toHaveLength(1);
    expect(rows(t).links()).toHaveLength(0);
    expect(rows(t).payments()).toMatchObject([{ id: paymentId, status: 'pending', amount: 149700 }]);

    await expectConfirmedOnce(paymentId);
  });

  it('a card attempt still waiting for its answer holds the link back too; once Pagar.me refused it, the checkout makes a link', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card', { cardNumber: PAGARME_REFUSED_CARD })).json();
    expect((await checkout()).json()).toMatchObject({ paymentId, verifying: true });
    expect(fake.links.size).toBe(0);

    // Reconciliation finds the order refused: nothing was charged, the person may pay again.
    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)?.status).toBe('failed');
    const made = await checkout();
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ success: true, paymentLink: { id: expect.any(String) } });
    expect(linkCreates()).toHaveLength(1);
    expect(paidOrders()).toHaveLength(0);
  });

  it('only the same e-mail, or only the same CPF: 409 in Portuguese, no id, nothing written or sent', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card')).json();
    const before = { subscribers: subscriberCount(), requests: fake.requests.length };

    for (const overrides of [
      { customerDocument: '111.444.777-35' },
      { customerEmail: 'outra.pessoa@example.com' },
    ]) {
      expectRefusedForPerson(await checkout(overrides), paymentId);
    }
    // The checkout right after registration types no CPF: only the e-mail matches, the same 409.
    const afterRegistration = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      payload: { name: MARIANA.customerName, email: MARIANA.customerEmail, amount: 149700 },
    });
    expectRefusedForPerson(afterRegistration, paymentId);
    await expect(
      t.caller().checkout.createCheckoutLink({
        name: MARIANA.customerName,
        email: MARIANA.customerEmail,
        amount: 149700,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PAYMENT_MSG.verifyingForPerson });

    expect(fake.requests.length).toBe(before.requests);
    expect(subscriberCount()).toEqual(before.subscribers);
    expect(rows(t).links()).toHaveLength(0);
    expect(rows(t).payments()).toHaveLength(1);
  });
});

describe('§2 a deadline asks Pagar.me before it cancels', () => {
  it('a PIX paid just before its deadline whose webhook is lost is confirmed by the poll at the deadline, not cancelled', async () => {
    const { paymentId } = (await pay('pix')).json();
    const order: any = orders()[0];
    fake.payOrder(order.id); // paid at Pagar.me; the order.paid webhook never arrives
    t.clock.advance(31 * MINUTE);

    expect((await statusOf(paymentId)).status).toBe('pending');
    await vi.waitFor(async () => expect((await statusOf(paymentId)).status).toBe('completed'));
    expect(rows(t).payments()).toMatchObject([{ id: paymentId, status: 'paid', amount: 149700 }]);
    expect(paidOrders()).toHaveLength(1);
    expectOneYear(paymentRow(paymentId)?.paidAt);
  });

  it('with Pagar.me unreachable at the deadline the PIX stays in verification; it is cancelled once Pagar.me says unpaid', async () => {
    const { paymentId } = (await pay('pix')).json();
    t.clock.advance(31 * MINUTE);
    fake.fail(1, 503);
    expect((await statusOf(paymentId)).status).toBe('pending');
    await vi.waitFor(() => expect(paymentRow(paymentId)?.verifyingSince).not.toBeNull());
    expect(await statusOf(paymentId)).toMatchObject({ status: 'pending', verifying: true });
    // Meanwhile the page does not charge her again.
    expect((await pay('credit_card')).json()).toMatchObject({ paymentId, verifying: true });
    expect(orderCreates()).toHaveLength(1);

    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'cancelled', verifyingSince: null });
    expect(paymentRow(paymentId)?.deadlineCancelledAt).not.toBeNull();
    expect(paidOrders()).toHaveLength(0);
    expect(mariana()?.subscriptionEndDate ?? null).toBeNull();
  });

  it('an attempt cancelled at its deadline is looked at once more: a PIX Pagar.me recorded paid late is confirmed', async () => {
    const { paymentId } = (await pay('pix')).json();
    const order: any = orders()[0];
    t.clock.advance(31 * MINUTE);
    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)?.status).toBe('cancelled');

    fake.payOrder(order.id); // Pagar.me shows the last-second payment only now; no webhook
    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      amount: 149700,
      deadlineCancelledAt: null,
    });
    expectOneYear(paymentRow(paymentId)?.paidAt);

    // Looked at once: later passes do not ask about it again.
    const reads = () => fake.requests.filter((request) => request.method === 'GET').length;
    const before = reads();
    await reconcile(t.services.reconciliation);
    expect(reads()).toBe(before);
  });
});

describe('§2 the hour a link’s PIX stays payable ends with Pagar.me’s answer', () => {
  it('a PIX paid in the link’s last minutes, webhook lost, is found by the look after the hour; a look unanswered is asked again', async () => {
    const link = await createLink(t);
    const pl = rows(t).links()[0]?.providerLinkId ?? '';
    const pix = fake.openLinkPix(pl);
    t.clock.advance(48 * 3600 * 1000 + 50 * MINUTE);
    await expireOverdue(t.services.paymentLinks);
    fake.payOrder(pix.id); // paid before the hour ended; the webhook never arrives
    fake.links.get(pl).total_paid_sessions = 1;
    t.clock.advance(2 * 3600 * 1000); // no reconciliation ran meanwhile (the server was down)

    fake.fail(1, 503);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 1, linksConfirmed: 0 });
    expect(rows(t).links()[0]?.status).toBe('expired');

    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 1, linksConfirmed: 1 });
    expect(rows(t).links()[0]).toMatchObject({ id: link.id, status: 'paid' });
    expect(rows(t).payments()).toMatchObject([{ status: 'paid', method: 'pix', amount: 149700 }]);
    expectOneYear(rows(t).payments()[0]?.paidAt);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ linksChecked: 0 });
  });
});

describe('§2 a payment link’s 48 hours end with Pagar.me’s answer, never the clock’s', () => {
  const linkStatus = async (id: string) =>
    (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` })).json();

  it('a link paid in its last minutes whose webhook is lost is confirmed at its deadline, not expired', async () => {
    const link = await linkPaidInItsLastMinutes();

    // Past the deadline and not asked yet: "em verificação", nothing decided by the clock.
    expect(await linkStatus(link.id)).toMatchObject({ status: 'pending', verifying: true });
    expect(rows(t).links()[0]?.status).toBe('pending');

    // The hourly pass asks Pagar.me first: paid, confirmed through the usual confirmation.
    t.clock.advance(2 * MINUTE);
    expect(await expireOverdue(t.services.paymentLinks)).toBe(0);
    expect(rows(t).links()[0]).toMatchObject({ id: link.id, status: 'paid' });
    expect(paidOrders()).toHaveLength(1);
    expect(rows(t).payments()).toMatchObject([
      { paymentLinkId: link.id, status: 'paid', amount: 149700, extraCharge: null },
    ]);
    expectOneYear(rows(t).payments()[0]?.paidAt);
    expect(await linkStatus(link.id)).toMatchObject({ status: 'paid', verifying: false });
  });

  it('with Pagar.me unreachable at the deadline the link stays in verification; it expires once Pagar.me says unpaid', async () => {
    const link = await createLink(t);
    t.clock.advance(48 * 3600 * 1000 + MINUTE);
    fake.fail(50, 503);
    expect(await expireOverdue(t.services.paymentLinks)).toBe(0);
    t.clock.advance(5 * MINUTE);
    await reconcile(t.services.reconciliation);
    t.clock.advance(2 * MINUTE);
    expect(await linkStatus(link.id)).toMatchObject({ status: 'pending', verifying: true });
    expect(rows(t).links()[0]?.status).toBe('pending');
    expect(rows(t).payments()).toHaveLength(0);

    // Pagar.me answers again: the link was not paid, so now it is expired.
    fake.fail(0);
    t.clock.advance(5 * MINUTE);
    await reconcile(t.services.reconciliation);
    expect(rows(t).links()[0]?.status).toBe('expired');
    expect(await linkStatus(link.id)).toMatchObject({ status: 'expired', verifying: false });
    expect(orders()).toHaveLength(0);
    expect(rows(t).payments()).toHaveLength(0);
  });
});

describe('§1 a link past its deadline, Pagar.me unreachable, holds back a new charge of the same person', () => {
  it('the same person opens /checkout: that link in verification is answered, nothing is made or charged; once Pagar.me says unpaid, a new link', async () => {
    const link = await createLink(t);
    t.clock.advance(48 * 3600 * 1000 + MINUTE);
    fake.fail(50, 503);

    const again = await checkout();
    expectHeldBack(again, { paymentLinkId: link.id });
    // The SPA's tRPC call gets the same answer (one operation).
    expect(await t.caller().checkout.createPublicLink(checkoutPayload() as any)).toEqual(again.json());
    // The in-page checkout follows payments, not links: the 409 in Portuguese, nothing charged.
    expectRefusedForPerson(await pay('pix'), link.id);
    // Only the same e-mail, or only the same CPF: the 409, never the link's id.
    for (const overrides of [
      { customerDocument: '111.444.777-35' },
      { customerEmail: 'outra.pessoa@example.com' },
    ]) {
      expectRefusedForPerson(await checkout(overrides), link.id);
    }
    // The money: the one link at Pagar.me, no order, no payment row, the link still pending.
    expect(linkCreates()).toHaveLength(1);
    expect(fake.links.size).toBe(1);
    expect(orderCreates()).toHaveLength(0);
    expect(orders()).toHaveLength(0);
    expect(rows(t).links()).toMatchObject([{ id: link.id, status: 'pending' }]);
    expect(rows(t).payments()).toHaveLength(0);
    // The page follows the link's own status: in verification.
    expect(
      (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${link.id}` })).json(),
    ).toMatchObject({ status: 'pending', verifying: true });

    // Pagar.me answers again: the checkout asks it first, the link was not paid, a new one is made.
    fake.fail(0);
    t.clock.advance(2 * MINUTE);
    const made = await checkout();
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ success: true, paymentLink: { id: expect.any(String) } });
    expect(made.json().paymentLink.id).not.toBe(link.id);
    expect(
      rows(t)
        .links()
        .find((row) => row.id === link.id)?.status,
    ).toBe('expired');
    expect(linkCreates()).toHaveLength(2);
    expect(orders()).toHaveLength(0);
    expect(rows(t).payments()).toHaveLength(0);
  });

  it('a link paid in its last minutes whose lookup went unanswered: a checkout right after makes no second link to pay; the next look finds the one charge', async () => {
    const link = await linkPaidInItsLastMinutes();
    // The pass at the deadline gets no answer from Pagar.me; a moment later it is reachable again.
    fake.fail(50, 503);
    expect(await expireOverdue(t.services.paymentLinks)).toBe(0);
    fake.fail(0);
    t.clock.advance(MINUTE / 2);

    // Asked half a minute ago without an answer: still in verification, so no new link to pay.
    expectHeldBack(await checkout(), { paymentLinkId: link.id });
    expect(linkCreates()).toHaveLength(1);
    expect(paidOrders()).toHaveLength(1);
    expect(rows(t).payments()).toHaveLength(0);

    // The next look (reconciliation, or the held-back page's poll) finds the payment: one charge, one year.
    t.clock.advance(5 * MINUTE);
    await reconcile(t.services.reconciliation);
    expect(rows(t).links()).toMatchObject([{ id: link.id, status: 'paid' }]);
    expect(paidOrders()).toHaveLength(1);
    expect(rows(t).payments()).toMatchObject([
      { paymentLinkId: link.id, status: 'paid', amount: 149700, extraCharge: null },
    ]);
    expectOneYear(rows(t).payments()[0]?.paidAt);
  });

  it('a link paid in its last minutes, webhook lost: the checkout asks Pagar.me, confirms it and makes no second charge', async () => {
    const link = await linkPaidInItsLastMinutes();

    const again = await checkout();
    expect(again.statusCode).toBe(200);
    // Paid: the link is confirmed from Pagar.me; no new link is needed to pay again.
    expect(
      rows(t)
        .links()
        .find((row) => row.id === link.id)?.status,
    ).toBe('paid');
    expect(paidOrders()).toHaveLength(1);
    expect(rows(t).payments()).toMatchObject([{ paymentLinkId: link.id, status: 'paid', amount: 149700 }]);
    expectOneYear(rows(t).payments()[0]?.paidAt);
  });
});

describe('§3 events belong to one attempt', () => {
  it('a late charge.payment_failed of attempt 1 does not fail attempt 2 in verification, which was paid', async () => {
    const refused = await pay('credit_card', { cardNumber: PAGARME_REFUSED_CARD });
    expect(refused.statusCode).toBe(422);
    const paymentId = rows(t).payments()[0]?.id ?? '';
    const firstOrder: any = orders()[0];

    fake.loseAnswers(2);
    const second = await pay('credit_card', { paymentId });
    expect(second.json()).toMatchObject({ paymentId, verifying: true });
    expect(paymentRow(paymentId)).toMatchObject({
      attempt: 2,
      providerChargeId: null,
      providerOrderId: null,
    });

    const late = await webhook(fake.chargeFailedWebhook(firstOrder.id));
    expect(late.statusCode).toBe(200);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'pending', attempt: 2 });

    await reconcile(t.services.reconciliation);
    expect(paidOrders()).toHaveLength(1);
    expect(paymentRow(paymentId)).toMatchObject({
      status: 'paid',
      amount: 149700,
      providerOrderId: paidOrders()[0].id,
    });
    expectOneYear(paymentRow(paymentId)?.paidAt);
  });

  it('the expired PIX of attempt 1 reported canceled does not cancel the card of attempt 2 that was paid', async () => {
    const { paymentId } = (await pay('pix')).json();
    const pixCharge = orders()[0].charges[0].id;
    t.clock.advance(31 * MINUTE);
    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)?.status).toBe('cancelled');

    fake.loseAnswers(2);
    expect((await pay('credit_card', { paymentId })).json()).toMatchObject({ verifying: true });
    const stale = await webhook(fake.cancelUnpaidCharge(pixCharge, 'charge.canceled'));
    expect(stale.statusCode).toBe(200);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'pending', attempt: 2 });

    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'paid', method: 'credit_card', amount: 149700 });
    expect(paidOrders()).toHaveLength(1);
    expectOneYear(paymentRow(paymentId)?.paidAt);
    expect(paymentRow(paymentId)?.providerChargeId).not.toBe(pixCharge);
  });

  it('an attempt left unresolved for more than 48 hours is still asked about, and confirmed', async () => {
    fake.loseAnswers(2);
    const { paymentId } = (await pay('credit_card')).json();
    t.clock.advance(49 * 3600 * 1000);
    await reconcile(t.services.reconciliation);
    expect(paymentRow(paymentId)).toMatchObject({ status: 'paid', amount: 149700 });
    expect(paidOrders()).toHaveLength(1);
  });
});

describe('the fake follows Pagar.me’s documented idempotency', () => {
  it('a repeated key with another body gets the first answer back (nothing created) and is flagged', async () => {
    const headers = {
      authorization: `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}`,
      'content-type': 'application/json',
      'idempotency-key': 'link-same-key',
    };
    const body = (amount: number) => ({
      type: 'order',
      name: 'Assinatura',
      order_code: 'codigo-1',
      is_building: false,
      max_paid_sessions: 1,
      expires_in: 60,
      payment_settings: {
        accepted_payment_methods: ['pix'],
        credit_card_settings: { installments: [{ number: 1, total: amount }] },
      },
      cart_settings: { items: [{ name: 'Assinatura', amount, default_quantity: 1 }] },
    });
    const send = (amount: number) =>
      fetch(`${fake.apiUrl}/paymentlinks`, { method: 'POST', headers, body: JSON.stringify(body(amount)) });
    const first = (await (await send(149700)).json()) as { id: string };
    const second = (await (await send(99900)).json()) as { id: string };
    expect(second.id).toBe(first.id);
    expect(fake.links.size).toBe(1);
    expect(fake.problems).toEqual(['POST /paymentlinks: Idempotency-Key repetida com outro corpo']);
    fake.problems.length = 0;
  });
});
