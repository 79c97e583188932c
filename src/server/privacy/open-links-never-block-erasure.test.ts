/**
 * Open payment links never block an erasure, and the admin can void them (ADR 029), against
 * the fake Pagar.me on loopback. A stranger's link for a member's e-mail used to make
 * `privacy.completeDeletion` answer 409 for 48 hours, renewable for ever; now the erasure asks the
 * provider to cancel the person's open links and goes on. What the provider did not confirm is
 * never dropped: a lost cancel answer keeps the erasure waiting, a link paid first is recorded,
 * and money paid on a link cancelled on file goes to the owner as a refund to make.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MSG } from '../../shared/privacy-schemas';
import type { TestApp } from '../../../tests/app';
import { rows } from '../../../tests/checkout';
import type { FakePagarme } from '../../../tests/fakes/pagarme-server';
import { askErasure, makeMember } from '../../../tests/member';
import { pagarmeWebhook, usePagarmeApp } from '../../../tests/pagarme-app';
import { failure } from '../../../tests/refusal';
import { activityLog, deletionRequests, paymentLinks, payments, subscribers } from '../db/schema';

let t: TestApp;
let fake: FakePagarme;
usePagarmeApp((app) => ({ t, fake } = app));

/** What anyone can do: a checkout link for the member's e-mail, no session. */
async function strangersLink(email: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/payments/create-checkout-link',
    payload: { name: 'Alguém Qualquer', email, amount: 149700 },
  });
  expect(res.statusCode).toBe(200);
  const id = res.json<{ paymentLink: { id: string } }>().paymentLink.id;
  return rows(t)
    .links()
    .find((link) => link.id === id)!;
}

const linkRow = (id: string) =>
  t.services.db.select().from(paymentLinks).where(eq(paymentLinks.id, id)).get()!;
const cancelsSent = () =>
  fake.requests.filter((request) => request.method === 'PATCH' && request.path.endsWith('/cancel'));

describe('an erasure voids the open links itself', () => {
  it('a stranger’s link for the member’s e-mail no longer blocks it: cancelled at Pagar.me and on file', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const request = await askErasure(t, member);

    const list = await t.caller(admin.token).privacy.deletionRequests({});
    expect(list.requests[0]!.blocker).toBeNull();
    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done.success).toBe(true);

    expect(cancelsSent().map((request) => request.path)).toEqual([
      `/core/v5/paymentlinks/${link.providerLinkId}/cancel`,
    ]);
    expect(fake.links.get(link.providerLinkId!)?.status).toBe('canceled');
    expect(linkRow(link.id).status).toBe('cancelled');
    const status = await t.request({ method: 'GET', url: `/api/payment-links/status-public/${link.id}` });
    expect(status.json()).toMatchObject({ status: 'cancelled' });
    expect(
      t.services.db.select().from(subscribers).where(eq(subscribers.id, member.subscriberId)).get()?.email,
    ).toBe(`removido-${member.subscriberId}@anonimizado.invalid`);
  });

  it('a cancel whose answer was lost keeps the erasure waiting; asked again, it completes', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const request = await askErasure(t, member);

    fake.loseAnswers(1);
    const waiting = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(waiting).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.linkVerifying });
    // Nothing erased, the request still open, the link still open on file (Pagar.me did cancel it).
    expect(t.services.db.select().from(deletionRequests).get()?.status).toBe('open');
    expect(linkRow(link.id).status).toBe('pending');
    expect(rows(t).subscriberByEmail(member.email)).toBeDefined();

    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done.success).toBe(true);
    expect(linkRow(link.id).status).toBe('cancelled');
  });

  it('a link paid before the cancel reached Pagar.me is recorded, the admin is told, then the erasure completes', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const request = await askErasure(t, member);
    // Paid at Pagar.me; its webhook has not arrived yet.
    fake.payLink(link.providerLinkId!, { method: 'credit_card' });

    const told = await failure(t.caller(admin.token).privacy.completeDeletion({ id: request.id }));
    expect(told).toEqual({ code: 'CONFLICT', message: PRIVACY_MSG.linkPaidMeanwhile });
    expect(linkRow(link.id).status).toBe('paid');
    const paid = t.services.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentLinkId, link.id), eq(payments.status, 'paid')))
      .get();
    expect(paid).toMatchObject({ amount: 149700, subscriberId: member.subscriberId });

    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done.paymentsKept).toBeGreaterThanOrEqual(2);
  });

  it('money paid on a link cancelled on file goes to the owner as a refund to make, never to the record', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const endBefore = rows(t).subscriberByEmail(member.email)?.subscriptionEndDate;
    // Closed on file (the erasure's own safety net) while Pagar.me still took a payment on it.
    t.services.db.update(paymentLinks).set({ status: 'cancelled' }).where(eq(paymentLinks.id, link.id)).run();
    const hook = fake.payLink(link.providerLinkId!, { method: 'credit_card' });
    expect((await pagarmeWebhook(t, hook)).statusCode).toBe(200);

    const extra = t.services.db.select().from(payments).where(eq(payments.paymentLinkId, link.id)).get();
    expect(extra).toMatchObject({ status: 'paid', extraCharge: 'cancelled_link', amount: 149700 });
    expect(linkRow(link.id).status).toBe('cancelled');
    expect(rows(t).subscriberByEmail(member.email)?.subscriptionEndDate).toEqual(endBefore);
    const detail = await t.caller(admin.token).payments.detail({ paymentId: extra!.id });
    expect(detail.payment.statusLabel).toBe('Pago em link cancelado');
    const refunded = await t.caller(admin.token).payments.refundExtraCharge({ paymentId: extra!.id });
    expect(refunded.success).toBe(true);
  });
});

describe('the admin voids an open link ("Cancelar link")', () => {
  const cancel = (id: string, token: string) =>
    t.request({
      method: 'POST',
      url: `/api/admin/payment-links/${id}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('REST and tRPC, admin only, idempotent on replay, one line in the activity log', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const open = await t.caller(admin.token).payments.openLinks({ subscriberId: member.subscriberId });
    expect(open.paymentLinks.map((item) => item.id)).toEqual([link.id]);

    expect((await cancel(link.id, member.token)).statusCode).toBe(403);
    expect(linkRow(link.id).status).toBe('pending');

    const first = await cancel(link.id, admin.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Link de pagamento cancelado.',
      alreadyCancelled: false,
      paymentLink: { id: link.id, status: 'cancelled' },
    });
    expect(fake.links.get(link.providerLinkId!)?.status).toBe('canceled');
    expect(() => fake.payLink(link.providerLinkId!)).toThrow(/cancelled/);

    const replay = await cancel(link.id, admin.token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ alreadyCancelled: true, paymentLink: { status: 'cancelled' } });
    const viaTrpc = await t.caller(admin.token).payments.cancelLink({ id: link.id });
    expect(viaTrpc.alreadyCancelled).toBe(true);
    expect(cancelsSent()).toHaveLength(1);

    const audit = t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'payment_link_cancelled'))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'admin', subscriberId: member.subscriberId });
    expect(
      (await t.caller(admin.token).payments.openLinks({ subscriberId: member.subscriberId })).paymentLinks,
    ).toEqual([]);
  });

  it('a lost answer is "em verificação" (502, the link stays open); a paid link is refused; unknown is 404', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);

    fake.loseAnswers(1);
    const lost = await cancel(link.id, admin.token);
    expect(lost.statusCode).toBe(502);
    expect(lost.json()).toEqual({
      error:
        'O provedor de pagamento não confirmou o cancelamento: o link continua em verificação. Tente de novo em alguns minutos.',
    });
    expect(linkRow(link.id).status).toBe('pending');
    expect(t.services.db.select().from(activityLog).all()).toHaveLength(0);
    expect((await cancel(link.id, admin.token)).json()).toMatchObject({
      paymentLink: { status: 'cancelled' },
    });

    const other = await strangersLink('outra.pessoa@exemplo.com.br');
    const hook = fake.payLink(other.providerLinkId!, { method: 'credit_card' });
    expect((await pagarmeWebhook(t, hook)).statusCode).toBe(200);
    const paid = await cancel(other.id, admin.token);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ error: 'Este link de pagamento já foi pago' });
    expect((await cancel('nao-existe', admin.token)).json()).toEqual({
      error: 'Link de pagamento não encontrado',
    });
  });
});

describe('two cancels at once', () => {
  it('both answer the cancelled link; the provider is asked, the activity log has one line', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t);
    const link = await strangersLink(member.email);
    const api = t.caller(admin.token).payments;
    const both = await Promise.all([api.cancelLink({ id: link.id }), api.cancelLink({ id: link.id })]);
    expect(both.map((answer) => answer.paymentLink.status)).toEqual(['cancelled', 'cancelled']);
    expect(both.map((answer) => answer.alreadyCancelled).sort()).toEqual([false, true]);
    expect(
      t.services.db.select().from(activityLog).where(eq(activityLog.action, 'payment_link_cancelled')).all(),
    ).toHaveLength(1);
  });
});
