/**
 * The dashboard's revenue counts an extra charge (money received that bought nothing, ADR 030) only
 * once the owner decides it: while it waits, and once refunded, it is not the club's revenue
 * (docs/decisions/054-month-close.md). The totals the triggers keep match a pass over every payment.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../tests/app';
import { createLink, insertAnasSecondCharge, rows, sandboxPay } from '../../../tests/checkout';
import { monthTotalsByBruteForce } from '../../../tests/month-totals';
import { payments } from '../db/schema';

let t: TestApp;
let admin: { token: string };
useAdminApp((app) => ({ t, admin } = app));
const figures = async () =>
  (
    await t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();

describe('dashboard revenue and extra charges', () => {
  it('leaves out a second charge still to decide, and the same once refunded', async () => {
    const link = await createLink(t, { customerEmail: 'ana@exemplo.com.br' });
    await sandboxPay(t, link.id, 'paid', 'pix');
    const subscriber = rows(t).subscriberByEmail('ana@exemplo.com.br')!;
    const { db } = t.services;
    const first = db.select().from(payments).where(eq(payments.subscriberId, subscriber.id)).get()!;
    const before = await figures();
    expect(before.revenueThisMonth).toBe(first.amount);

    // Ana was charged twice: the second charge is on file, paid, for the owner to decide.
    insertAnasSecondCharge(t, first);
    expect((await figures()).revenueThisMonth).toBe(first.amount);
    expect((await figures()).revenueTotal).toBe(before.revenueTotal);

    // A payment recorded paid and only then found to be an extra charge leaves the revenue too.
    db.insert(payments)
      .values({
        ...first,
        id: 'late-extra',
        transactionId: 'tx-late',
        providerChargeId: 'ch-late',
        previousEndDate: null,
        periodEndDate: null,
      })
      .run();
    expect((await figures()).revenueThisMonth).toBe(2 * first.amount);
    db.update(payments)
      .set({ extraCharge: 'duplicate', extraChargeOf: first.id })
      .where(eq(payments.id, 'late-extra'))
      .run();
    expect((await figures()).revenueThisMonth).toBe(first.amount);

    // Refunded: still not revenue.
    db.update(payments)
      .set({ status: 'refunded', refundedAt: t.clock.now() })
      .where(eq(payments.id, 'extra-ana'))
      .run();
    expect((await figures()).revenueThisMonth).toBe(first.amount);
    expect(t.database.sqlite.prepare('select count(*) as n from payment_month_totals').get()).toBeTruthy();
    const kept = t.database.sqlite
      .prepare(
        `select month, revenue, periods_begun as begun, periods_ended as ended, periods_renewed as renewed
           from payment_month_totals
          where revenue != 0 or periods_begun != 0 or periods_ended != 0 or periods_renewed != 0 order by month`,
      )
      .all();
    expect(kept).toEqual(monthTotalsByBruteForce(t.database.sqlite));
  });
});
