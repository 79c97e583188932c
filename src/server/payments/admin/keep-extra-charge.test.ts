/**
 * "Manter cobrança extra" (docs/decisions/054-month-close.md): the owner keeps a paid extra charge
 * as the club's money. Admins only; once (a replay changes nothing and says so); refused for what is
 * no extra charge still to decide; recorded in the payment's history; from then on revenue on the
 * dashboard and out of the month close's "a decidir".
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, insertAnasSecondCharge, rows, sandboxPay } from '../../../../tests/checkout';
import { monthTotalsByBruteForce, storedMonthTotals } from '../../../../tests/month-totals';
import { ADMIN_MSG } from '../../../shared/admin-schemas';
import { formatMoney } from '../../../shared/format';
import { saoPauloCalendarDay } from '../../../shared/sao-paulo-time';
import { payments, type Payment } from '../../db/schema';
import { PAYMENT_MSG } from '../messages';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const keep = (paymentId: string, token: string | null = admin.token) =>
  t.request({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/keep-extra-charge`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = async (url: string) =>
  (await t.request({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } })).json();
/** The test clock's São Paulo month, aaaa-mm: Ana paid in it. */
const currentMonth = () => saoPauloCalendarDay(t.clock.now()).slice(0, 7);
const payment = (id: string) => t.services.db.select().from(payments).where(eq(payments.id, id)).get()!;

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** Ana paid her year, then was charged a second time: the extra charge waits for the owner. */
async function anaChargedTwice(values: Partial<Payment> = {}) {
  const link = await createLink(t, { customerEmail: 'ana@exemplo.com.br' });
  await sandboxPay(t, link.id, 'paid', 'pix');
  const subscriber = rows(t).subscriberByEmail('ana@exemplo.com.br')!;
  const first = t.services.db.select().from(payments).where(eq(payments.subscriberId, subscriber.id)).get()!;
  insertAnasSecondCharge(t, first, { paymentLinkId: null, ...values });
  return first;
}

describe('POST /api/admin/payments/:paymentId/keep-extra-charge', () => {
  it('keeps it once: revenue on the dashboard from then on, in the history, a replay changes nothing', async () => {
    const first = await anaChargedTwice();
    const before = await get('/api/admin/dashboard');
    expect(before.revenueThisMonth).toBe(first.amount);

    const answer = await keep('extra-ana');
    expect(answer.statusCode).toBe(200);
    const keptAt = t.clock.now().toISOString();
    expect(answer.json()).toEqual({
      success: true,
      message: 'Cobrança extra mantida: o valor passa a contar como receita do clube.',
      id: 'extra-ana',
      alreadyKept: false,
      keptAt,
    });
    expect(payment('extra-ana')).toMatchObject({
      status: 'paid',
      extraChargeKeptAt: new Date(keptAt),
      extraChargeKeptBy: admin.userId,
    });
    const after = await get('/api/admin/dashboard');
    expect(after.revenueThisMonth).toBe(2 * first.amount);
    expect(after.revenueTotal).toBe(before.revenueTotal + first.amount);
    expect(storedMonthTotals(t.database.sqlite)).toEqual(monthTotalsByBruteForce(t.database.sqlite));

    const detail = await get('/api/admin/payments/extra-ana');
    expect(detail.payment.extraChargeKeptAt).toBe(keptAt);
    expect(detail.payment.statusLabel).toBe('Cobrança extra mantida');
    expect(detail.history.map((entry: { text: string }) => entry.text)).toContain(
      `Cobrança extra mantida pelo clube: ${formatMoney(first.amount)} passam a contar como receita`,
    );

    // A second click (or the other of two at once) keeps nothing more and says so.
    t.clock.advance(60_000);
    const again = await keep('extra-ana');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyKept: true, message: ADMIN_MSG.keepExtraAlready, keptAt });
    expect(payment('extra-ana').extraChargeKeptAt).toEqual(new Date(keptAt));
    expect((await get('/api/admin/dashboard')).revenueThisMonth).toBe(2 * first.amount);
    const kept = (await get('/api/admin/payments/extra-ana')).history.filter((entry: { text: string }) =>
      entry.text.startsWith('Cobrança extra mantida'),
    );
    expect(kept).toHaveLength(1);

    // Refunded later all the same (the owner changed their mind): no longer revenue.
    t.services.db
      .update(payments)
      .set({ status: 'refunded', refundedAt: t.clock.now() })
      .where(eq(payments.id, 'extra-ana'))
      .run();
    expect((await get('/api/admin/dashboard')).revenueThisMonth).toBe(first.amount);
    expect(storedMonthTotals(t.database.sqlite)).toEqual(monthTotalsByBruteForce(t.database.sqlite));
  });

  it('leaves the month close\'s "a decidir" once kept; the gross and the net count it as any payment', async () => {
    await anaChargedTwice({ providerFee: 1782, providerNet: 147918, feesFinal: false });
    const close = await t.caller(admin.token).monthClose.figures({ month: currentMonth() });
    expect(close.total.extraPending).toBe(payment('extra-ana').amount);

    await t.caller(admin.token).payments.keepExtraCharge({ paymentId: 'extra-ana' });
    const kept = await t.caller(admin.token).monthClose.figures({ month: currentMonth() });
    expect(kept.total.extraPending).toBe(0);
    expect(kept.total.gross).toBe(close.total.gross);
    expect(kept.total.net).toBe(close.total.net);
    const pending = await t.caller(admin.token).monthClose.payments({
      month: currentMonth(),
      figure: 'extraPending',
    });
    expect(pending.payments).toEqual([]);
  });

  it('is the back office only, over REST and tRPC', async () => {
    await anaChargedTwice();
    const member = await t.signIn('user', 'membro@exemplo.com.br');
    expect((await keep('extra-ana', member.token)).statusCode).toBe(403);
    expect((await keep('extra-ana', null)).statusCode).toBe(401);
    const anonymous = await trpcError(t.caller().payments.keepExtraCharge({ paymentId: 'extra-ana' }));
    expect(anonymous.code).toBe('UNAUTHORIZED');
    const forbidden = await trpcError(
      t.caller(member.token).payments.keepExtraCharge({ paymentId: 'extra-ana' }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
    expect(payment('extra-ana').extraChargeKeptAt).toBeNull();
    const answer = await t.caller(admin.token).payments.keepExtraCharge({ paymentId: 'extra-ana' });
    expect(answer.alreadyKept).toBe(false);
  });

  it('refuses, in Portuguese and changing nothing, what is no extra charge still to decide', async () => {
    const first = await anaChargedTwice();
    const refusedWith = async (id: string, status: number, error: string) => {
      const answer = await keep(id);
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ error });
      expect(payment(id)?.extraChargeKeptAt ?? null).toBeNull();
    };
    await refusedWith(first.id, 409, PAYMENT_MSG.keepExtraOnly);
    expect(PAYMENT_MSG.keepExtraOnly).toBe(
      'Só uma cobrança extra (duplicada ou com valor diferente do devido) pode ser mantida.',
    );

    t.services.db
      .update(payments)
      .set({ refundStatus: 'processing' })
      .where(eq(payments.id, 'extra-ana'))
      .run();
    await refusedWith('extra-ana', 409, 'O reembolso deste pagamento já está em processamento.');

    t.services.db
      .update(payments)
      .set({ refundStatus: null, status: 'refunded', refundedAt: t.clock.now() })
      .where(eq(payments.id, 'extra-ana'))
      .run();
    await refusedWith('extra-ana', 409, 'Esta cobrança extra já foi reembolsada e não pode ser mantida.');

    t.services.db
      .update(payments)
      .set({ status: 'pending', refundedAt: null, paidAt: null })
      .where(eq(payments.id, 'extra-ana'))
      .run();
    await refusedWith('extra-ana', 409, 'Esta cobrança extra não está paga e não pode ser mantida.');

    const missing = await keep('nao-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Pagamento não encontrado' });
    expect((await get('/api/admin/dashboard')).revenueThisMonth).toBe(first.amount);
  });
});
