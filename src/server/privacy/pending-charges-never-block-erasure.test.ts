/**
 * Pending in-page charges never block an erasure (ADR 029), against the fake Pagar.me on
 * loopback. A stranger's `POST /api/payments/process` (PIX, or a card whose answer was lost) with a
 * member's e-mail used to leave a pending charge that made `privacy.completeDeletion` answer 409 for
 * 48 hours, renewable for ever. Now the erasure voids it at Pagar.me (`DELETE /charges/{id}`) and
 * goes on. What Pagar.me did not confirm is never dropped: a lost or refused answer keeps the
 * erasure waiting ("em verificação"), and a charge paid first is recorded as the member's payment.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MSG } from '../../shared/privacy-schemas';
import type { TestApp } from '../../../tests/app';
import { MARIANA_CUSTOMER, payByPix, rows } from '../../../tests/checkout';
import { PAGARME_PAID_CARD, type FakePagarme } from '../../../tests/fakes/pagarme-server';
import { askErasure, makeMember, type TestMember } from '../../../tests/member';
import { sendCardToPagarme, usePagarmeApp } from '../../../tests/pagarme-app';
import { failure } from '../../../tests/refusal';
import { deletionRequests, payments, subscribers } from '../db/schema';

let t: TestApp;
let fake: FakePagarme;
usePagarmeApp((app) => ({ t, fake } = app));

/** What anyone can do: the old in-page PIX checkout for the member's e-mail, no session. */
async function strangersPix(email: string) {
  const res = await payByPix(t, { name: 'Alguém Qualquer', email });
  expect(res.statusCode).toBe(200);
  const id = res.json<{ paymentId: string }>().paymentId;
  const payment = paymentRow(id);
  expect(payment).toMatchObject({ status: 'pending', amount: 149700 });
  return payment;
}

const paymentRow = (id: string) => t.services.db.select().from(payments).where(eq(payments.id, id)).get()!;
const subscriberRow = (id: string) =>
  t.services.db.select().from(subscribers).where(eq(subscribers.id, id)).get();
const requestRow = () => t.services.db.select().from(deletionRequests).get()!;
const chargeAtPagarme = (chargeId: string) => {
  for (const order of fake.orders.values()) {
    const charge = order.charges?.find((entry: { id: string }) => entry.id === chargeId);
    if (charge) return { order, charge };
  }
  throw new Error(`no charge ${chargeId} at the fake`);
};
const voidsSent = () => fake.requests.filter((request) => request.method === 'DELETE');
const erasedEmail = (member: TestMember) => `removido-${member.subscriberId}@anonimizado.invalid`;

describe('an erasure voids the pending in-page charges itself', () => {
  it('a stranger’s PIX for the member’s e-mail no longer blocks it: cancelled at Pagar.me and on file', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const pix = await strangersPix(member.email);
    expect(pix.subscriberId).toBe(member.subscriberId);
    const request = await askErasure(t, member);

    const list = await t.caller(admin.token).privacy.deletionRequests({});
    expect(list.requests[0]!.blocker).toBeNull();
    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done).toMatchObject({ success: true, message: PRIVACY_MSG.completed });

    // The money: one void of the whole charge at Pagar.me, the code can no longer be paid.
    expect(voidsSent().map((sent) => [sent.path, sent.body, sent.headers['idempotency-key']])).toEqual([
      [`/core/v5/charges/${pix.providerChargeId}`, undefined, `void-${pix.id}`],
    ]);
    const remote = chargeAtPagarme(pix.providerChargeId!);
    expect(remote.charge.status).toBe('canceled');
    expect(remote.order.status).toBe('canceled');
    expect(paymentRow(pix.id)).toMatchObject({ status: 'cancelled', verifyingSince: null, amount: 149700 });
    const status = await t.request({ method: 'GET', url: `/api/payments/status/${pix.id}` });
    expect(status.json()).toMatchObject({ status: 'cancelled' });
    expect(subscriberRow(member.subscriberId)?.email).toBe(erasedEmail(member));
    expect(requestRow().status).toBe('completed');
  });

  it('a void whose answer was lost keeps the erasure waiting, "em verificação"; asked again, it completes', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const pix = await strangersPix(member.email);
    const request = await askErasure(t, member);

    // Pagar.me cancels the charge, and neither the answer nor the retry's answer comes back.
    fake.loseAnswers(2, 'DELETE');
    const waiting = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(waiting).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.chargeVerifying });
    // Nothing claimed, nothing erased: the charge pending "em verificação", the person on file.
    expect(requestRow().status).toBe('open');
    expect(paymentRow(pix.id).status).toBe('pending');
    expect(paymentRow(pix.id).verifyingSince).not.toBeNull();
    expect(subscriberRow(member.subscriberId)?.email).toBe(member.email);
    const status = await t.request({ method: 'GET', url: `/api/payments/status/${pix.id}` });
    expect(status.json()).toMatchObject({ status: 'pending', verifying: true });
    const detail = await t.caller(admin.token).payments.detail({ paymentId: pix.id });
    expect(detail.history.map((entry) => entry.text)).toContain(
      'Resposta do provedor não recebida: pagamento em verificação',
    );

    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done.success).toBe(true);
    // Read back as cancelled: no second void was needed.
    expect(voidsSent()).toHaveLength(2);
    expect(paymentRow(pix.id)).toMatchObject({ status: 'cancelled', verifyingSince: null });
    expect(subscriberRow(member.subscriberId)?.email).toBe(erasedEmail(member));
  });

  it('Pagar.me out of reach: nothing is cancelled, claimed or erased; the admin is told to try again', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const pix = await strangersPix(member.email);
    const request = await askErasure(t, member);

    fake.fail(10, 503);
    const waiting = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(waiting).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.chargeVerifying });
    expect(voidsSent()).toHaveLength(0);
    expect(chargeAtPagarme(pix.providerChargeId!).charge.status).toBe('pending');
    expect(paymentRow(pix.id).status).toBe('pending');
    expect(requestRow().status).toBe('open');
    expect(subscriberRow(member.subscriberId)?.name).toBe(member.name);

    fake.fail(0);
    expect((await t.caller(admin.token).privacy.completeDeletion({ id: request.id })).success).toBe(true);
    expect(chargeAtPagarme(pix.providerChargeId!).charge.status).toBe('canceled');
  });

  it('a PIX paid before the void reached Pagar.me is recorded as paid, never refunded; then the erasure completes', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const pix = await strangersPix(member.email);
    const request = await askErasure(t, member);
    // Paid at Pagar.me; its webhook has not arrived yet.
    fake.payOrder(chargeAtPagarme(pix.providerChargeId!).order.id);

    const told = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(told).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.chargePaidMeanwhile });
    expect(voidsSent()).toHaveLength(0);
    expect(chargeAtPagarme(pix.providerChargeId!).charge.status).toBe('paid');
    expect(paymentRow(pix.id)).toMatchObject({
      status: 'paid',
      amount: 149700,
      subscriberId: member.subscriberId,
    });
    expect(requestRow().status).toBe('open');

    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done.paymentsKept).toBe(2);
    expect(paymentRow(pix.id)).toMatchObject({ status: 'paid', amount: 149700, refundStatus: null });
    expect(voidsSent()).toHaveLength(0);
  });

  it('a card attempt whose answer was lost is looked up by our code: charged, it is recorded as paid', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const { cardTokenizer } = await t.caller().settings.public();
    const token = await (await sendCardToPagarme(cardTokenizer!, PAGARME_PAID_CARD)).json();
    // Pagar.me charges the card; neither the answer nor the retry's answer comes back.
    fake.loseAnswers(2, 'POST');
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/process',
      payload: {
        paymentMethod: 'credit_card',
        customerData: { ...MARIANA_CUSTOMER, name: 'Alguém Qualquer', email: member.email },
        paymentData: { amount: 149700, cardToken: (token as { id: string }).id },
      },
    });
    expect(res.json()).toMatchObject({ status: 'pending', verifying: true });
    const attempt = paymentRow(res.json<{ paymentId: string }>().paymentId);
    expect(attempt).toMatchObject({ status: 'pending', providerChargeId: null });
    const request = await askErasure(t, member);

    const told = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(told).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.chargePaidMeanwhile });
    expect(paymentRow(attempt.id)).toMatchObject({ status: 'paid', amount: 149700, method: 'credit_card' });
    expect(voidsSent()).toHaveLength(0);
    expect((await t.caller(admin.token).privacy.completeDeletion({ id: request.id })).success).toBe(true);
    expect(rows(t).subscriberByEmail(member.email)).toBeUndefined();
  });
});
