import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../tests/app';
import { MARIANA, payByPix } from '../../tests/checkout';
import { eq } from 'drizzle-orm';
import { payments } from './db/schema';
import { runHousekeeping } from './jobs';
import { reconcile } from './payments/reconciliation/run';

let t: TestApp;
useTestApp((app) => (t = app));

const customer = {
  ...MARIANA,
  customerEmail: 'mariana@teste.com.br',
  customerComplement: '',
  planType: 'annual',
};

describe('hourly housekeeping', () => {
  it('expires payment links past their 48 hours, and only those', async () => {
    const create = (number: string) =>
      t.request({
        method: 'POST',
        url: '/api/payment-links/create-public',
        payload: { ...customer, customerNumber: number },
      });
    const old = (await create('100')).json().paymentLink.id as string;
    t.clock.advance(47 * 3600 * 1000);
    // Another address: a different checkout, so a new link rather than the pending one again.
    const recent = (await create('200')).json().paymentLink.id as string;
    t.clock.advance(2 * 3600 * 1000);

    expect(await runHousekeeping(t.services)).toMatchObject({ expiredLinks: 1 });
    const status = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` })).json().status;
    expect(await status(old)).toBe('expired');
    expect(await status(recent)).toBe('pending');
    expect(await runHousekeeping(t.services)).toMatchObject({ expiredLinks: 0 });
  });

  it('leaves PIX attempts past their deadline to reconciliation, which cancels them once the provider says unpaid', async () => {
    const pix = async (email: string) => {
      const res = await payByPix(t, { email });
      expect(res.statusCode).toBe(200);
      return res.json().paymentId as string;
    };
    const pending = () => t.services.db.select().from(payments).where(eq(payments.status, 'pending')).all();
    const old = await pix('ana@teste.com.br');
    t.clock.advance(31 * 60 * 1000);
    const recent = await pix('bia@teste.com.br');
    t.clock.advance(3 * 3600 * 1000);
    await runHousekeeping(t.services);
    expect(
      pending()
        .map((payment) => payment.id)
        .sort(),
    ).toEqual([old, recent].sort());

    await reconcile(t.services.reconciliation);
    expect(pending()).toEqual([]);
    const status = await t.request({ method: 'GET', url: `/api/payments/status/${old}` });
    expect(status.json().status).toBe('cancelled');
  });
});
