/**
 * The back office's payments and dashboard through REST: list filters and shape, refunds with their
 * messages, links generated for a subscriber (and sent by WhatsApp), and dashboard figures that
 * match the data the test made.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows, sandboxPay } from '../../../../tests/checkout';
import { outbox } from '../../db/schema';
import { saoPauloMonthStart as monthStart } from '../../../shared/sao-paulo-time';
import { monthTotalsByBruteForce, storedMonthTotals as stored } from '../../../../tests/month-totals';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const auth = () => ({ authorization: `Bearer ${admin.token}` });
const get = (url: string) => t.request({ method: 'GET', url, headers: auth() });

async function paidMember(email: string, method: 'pix' | 'credit_card' = 'pix') {
  const link = await createLink(t, { customerEmail: email });
  await sandboxPay(t, link.id, 'paid', method);
  const subscriber = rows(t).subscriberByEmail(email);
  if (!subscriber) throw new Error('subscriber expected');
  return subscriber;
}

describe('GET /api/admin/payments', () => {
  it('lists with the documented shape, filters by status, method and search, pages of 10', async () => {
    await paidMember('ana@exemplo.com.br', 'pix');
    await paidMember('bruno@exemplo.com.br', 'credit_card');
    const failedLink = await createLink(t, { customerEmail: 'carla@exemplo.com.br' });
    await sandboxPay(t, failedLink.id, 'failed', 'credit_card');

    const all = await get('/api/admin/payments');
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1 });
    expect(all.json().payments[0]).toMatchObject({
      _id: expect.any(String),
      subscriber: { fullName: MARIANA.customerName, email: expect.any(String) },
      amount: 149700,
      date: expect.any(String),
    });
    const paid = (await get('/api/admin/payments?status=paid')).json().payments;
    expect(paid.map((payment: { statusLabel: string }) => payment.statusLabel)).toEqual(['Pago', 'Pago']);
    const failed = (await get('/api/admin/payments?status=failed')).json().payments;
    expect(failed).toMatchObject([{ subscriber: { email: 'carla@exemplo.com.br' }, statusLabel: 'Falhou' }]);
    const cards = (await get('/api/admin/payments?method=credit_card&status=paid')).json().payments;
    expect(cards).toMatchObject([{ cardBrand: 'Visa', cardLast4: '1111', method: 'credit_card' }]);
    expect(JSON.stringify(cards)).not.toContain('4111111111111111');
    const search = (await get('/api/admin/payments?search=bruno')).json().payments;
    expect(search).toHaveLength(1);
    const byAmount = await get('/api/admin/payments?sortBy=amount&sortOrder=asc&limit=2&page=2');
    expect(byAmount.json().pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
  });

  it("?createdWithinDays keeps the recent ones (the dashboard's failed-payments shortcut), list and CSV alike", async () => {
    const recent = await createLink(t, { customerEmail: 'carla@exemplo.com.br' });
    await sandboxPay(t, recent.id, 'failed', 'credit_card');
    t.clock.advance(40 * 24 * 60 * 60 * 1000);
    admin = await t.signIn('admin'); // the earlier session has expired by now
    const later = await createLink(t, { customerEmail: 'davi@exemplo.com.br' });
    await sandboxPay(t, later.id, 'failed', 'credit_card');

    const within = (await get('/api/admin/payments?status=failed&createdWithinDays=30')).json();
    expect(within.payments).toMatchObject([{ subscriber: { email: 'davi@exemplo.com.br' } }]);
    expect(within.pagination.total).toBe(1);
    const file = (await get('/api/admin/payments/export.csv?status=failed&createdWithinDays=30')).body;
    expect(file).toContain('davi@exemplo.com.br');
    expect(file).not.toContain('carla@exemplo.com.br');
    expect((await get('/api/admin/payments?status=failed')).json().pagination.total).toBe(2);

    const wrong = await get('/api/admin/payments?createdWithinDays=abc');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'Informe um número de dias entre 1 e 366 para o período.' });
  });
});

describe('POST /api/admin/payments/:id/refund', () => {
  it('requires a reason, refunds a paid payment once and cancels the period', async () => {
    const subscriber = await paidMember(MARIANA.customerEmail);
    const [payment] = rows(t).payments();
    const url = `/api/admin/payments/${payment?.id}/refund`;
    const blank = await t.request({ method: 'POST', url, headers: auth(), payload: { reason: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Motivo do reembolso é obrigatório' });

    const done = await t.request({
      method: 'POST',
      url,
      headers: auth(),
      payload: { reason: 'Desistência' },
    });
    expect(done.json()).toMatchObject({
      success: true,
      message: 'Pagamento reembolsado.',
      status: 'refunded',
    });
    expect(rows(t).subscriberByEmail(subscriber.email)?.status).toBe('cancelled');

    const again = await t.request({ method: 'POST', url, headers: auth(), payload: { reason: 'De novo' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Apenas pagamentos pagos podem ser reembolsados' });
  });
});

const monthTotalsFromPayments = () => monthTotalsByBruteForce(t.services.db.$client);
const storedMonthTotals = () => stored(t.services.db.$client);

describe('payment_month_totals through the services', () => {
  it('follows a payment paid, a failed one, a renewal paid early and a refund', async () => {
    t.clock.set(new Date('2026-01-31T23:30:00-03:00')); // the last half hour of January in São Paulo
    const subscriber = await paidMember(MARIANA.customerEmail);
    const failed = await createLink(t, { customerEmail: 'carla@exemplo.com.br' });
    await sandboxPay(t, failed.id, 'failed', 'credit_card');
    expect(storedMonthTotals()).toEqual(monthTotalsFromPayments());
    // Paid at 23:30 on 31 January in São Paulo (02:30 UTC on 1 February): a January payment.
    expect(storedMonthTotals()[0]).toEqual({
      month: 202601,
      revenue: 149700,
      begun: 1,
      ended: 0,
      renewed: 0,
    });

    await t.caller(admin.token).subscribers.approve({ id: subscriber.id });
    t.clock.set(new Date('2026-11-30T12:00:00Z'));
    admin = await t.signIn('admin');
    const renewal = await t.request({
      method: 'POST',
      url: '/api/admin/payment-links/create-for-subscriber',
      headers: auth(),
      payload: { subscriberId: subscriber.id, planType: 'renewal' },
    });
    await sandboxPay(t, renewal.json().paymentLink.id, 'paid', 'pix');
    expect(storedMonthTotals()).toEqual(monthTotalsFromPayments());
    expect(storedMonthTotals().some((row) => row.renewed > 0)).toBe(true);

    const renewed = rows(t)
      .payments()
      .find((payment) => payment.status === 'paid' && payment.previousEndDate !== null);
    const refund = await t.request({
      method: 'POST',
      url: `/api/admin/payments/${renewed?.id}/refund`,
      headers: auth(),
      payload: { reason: 'Desistência' },
    });
    expect(refund.statusCode).toBe(200);
    expect(storedMonthTotals()).toEqual(monthTotalsFromPayments());
  });
});

describe('POST /api/admin/payment-links/create-for-subscriber', () => {
  it('gives an approved member a renewal link at 89700 and sends it by WhatsApp', async () => {
    const subscriber = await paidMember(MARIANA.customerEmail);
    await t.caller(admin.token).subscribers.approve({ id: subscriber.id });
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/payment-links/create-for-subscriber',
      headers: auth(),
      payload: { subscriberId: subscriber.id, planType: 'renewal', sendWhatsApp: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      whatsAppQueued: true,
      paymentLink: { planType: 'renewal', amount: 89700, url: expect.stringContaining('/sandbox/pay/') },
    });
    const sent = t.services.db.select().from(outbox).where(eq(outbox.template, 'renewal')).all();
    expect(sent).toMatchObject([{ channel: 'whatsapp', recipient: '11987654321' }]);
    expect(sent[0]?.body).toContain(res.json().paymentLink.url);
  });

  it('404 for an unknown subscriber', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/payment-links/create-for-subscriber',
      headers: auth(),
      payload: { subscriberId: 'ninguem', planType: 'annual' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Assinante não encontrado' });
  });
});

describe('GET /api/admin/dashboard and /api/admin/stats', () => {
  it('figures match the data: members, approvals, revenue, expiring, next actions, charts', async () => {
    const DAY = 24 * 3600 * 1000;
    // A year ago: a member paid, was approved, renewed this month.
    t.clock.set(new Date('2025-11-10T15:00:00Z'));
    const veteran = await paidMember('veterano@exemplo.com.br');
    await t.caller(admin.token).subscribers.approve({ id: veteran.id });
    t.clock.set(new Date('2026-11-05T15:00:00Z'));
    admin = await t.signIn('admin'); // admin sessions end after 12 h unused (ADR 028)
    const renewal = await t.caller(admin.token).payments.createLinkForSubscriber({
      subscriberId: veteran.id,
      planType: 'renewal',
    });
    await sandboxPay(t, renewal.paymentLink.id);
    // This month: one new paid member awaiting approval, one whose period ends within 30 days.
    t.clock.set(new Date('2026-11-20T15:00:00Z'));
    await paidMember('novo@exemplo.com.br');
    const failed = await createLink(t, { customerEmail: 'falhou@exemplo.com.br' });
    await sandboxPay(t, failed.id, 'failed');
    admin = await t.signIn('admin');

    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const figures = res.json();
    expect(figures).toMatchObject({
      activeMembers: 1,
      pendingApprovals: 1,
      newMembersThisMonth: 1,
      revenueThisMonth: 89700 + 149700,
      revenueTotal: 149700 + 89700 + 149700,
      // The veteran's first period ended on 2026-11-10 and was renewed before: 1 of 1.
      renewalRate: 100,
      failedPaymentsLast30Days: 1,
    });
    expect(figures.nextActions.map((action: { kind: string }) => action.kind)).toEqual(['approve', 'failed']);
    expect(figures.latestPayments).toHaveLength(4);
    expect(figures.revenueByMonth).toHaveLength(12);
    expect(figures.revenueByMonth.at(-1)).toEqual({ month: '2026-11', label: 'nov/26', value: 239400 });
    expect(figures.revenueByMonth[0]).toEqual({ month: '2025-12', label: 'dez/25', value: 0 });
    expect(figures.activeMembersByMonth.at(-2)).toMatchObject({ month: '2026-10', value: 1 });
    expect((await get('/api/admin/stats')).json()).toEqual(figures);

    // A year on, the veteran's renewed period and the newcomer's ended without renewal (the
    // veteran's first period now ended more than 12 months ago): 0 of 2.
    t.clock.set(new Date(new Date('2026-11-20T15:00:00Z').getTime() + 366 * DAY));
    admin = await t.signIn('admin'); // a year later, a new session
    expect((await get('/api/admin/dashboard')).json().renewalRate).toBe(0);
  });

  it('months are São Paulo months', () => {
    // 02:30 UTC on the 1st is still the 31st in São Paulo.
    expect(monthStart(new Date('2026-12-01T02:30:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(monthStart(new Date('2026-12-01T03:30:00Z')).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });
});
