import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../tests/app';
import { MARIANA, payByPix } from '../../tests/checkout';
import { eq } from 'drizzle-orm';
import { payments } from './db/schema';
import { runHousekeeping } from './jobs';

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

    expect(runHousekeeping(t.services)).toMatchObject({ expiredLinks: 1 });
    const status = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` })).json().status;
    expect(await status(old)).toBe('expired');
    expect(await status(recent)).toBe('pending');
    expect(runHousekeeping(t.services)).toMatchObject({ expiredLinks: 0 });
  });

  it('cancels in-page PIX attempts an hour past their deadline, which then stop counting as pending', async () => {
    const pix = async (email: string) => {
      const res = await payByPix(t, { email });
      expect(res.statusCode).toBe(200);
      return res.json().paymentId as string;
    };
    const pending = () => t.services.db.select().from(payments).where(eq(payments.status, 'pending')).all();
    const old = await pix('ana@teste.com.br');
    // The PIX is payable for 30 minutes; the job waits an hour more for the reconciliation's last look.
    t.clock.advance(30 * 60 * 1000 + 59 * 60 * 1000);
    const recent = await pix('bia@teste.com.br');
    expect(runHousekeeping(t.services)).toMatchObject({ cancelledPixAttempts: 0 });
    t.clock.advance(2 * 60 * 1000);

    expect(runHousekeeping(t.services)).toMatchObject({ cancelledPixAttempts: 1 });
    expect(pending().map((payment) => payment.id)).toEqual([recent]);
    const status = await t.request({ method: 'GET', url: `/api/payments/status/${old}` });
    expect(status.json().status).toBe('cancelled');
    expect(runHousekeeping(t.services)).toMatchObject({ cancelledPixAttempts: 0 });
  });
});
