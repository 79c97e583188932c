import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/app';
import { runHousekeeping } from './jobs';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const customer = {
  customerName: 'Mariana Costa Ribeiro',
  customerEmail: 'mariana@teste.com.br',
  customerPhone: '(11) 98765-4321',
  customerDocument: '529.982.247-25',
  customerCep: '01001-000',
  customerNumber: '100',
  customerComplement: '',
  customerStreet: 'Praça da Sé',
  customerNeighborhood: 'Sé',
  customerCity: 'São Paulo',
  customerState: 'SP',
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
});
