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
    const create = () =>
      t.request({ method: 'POST', url: '/api/payment-links/create-public', payload: customer });
    const old = (await create()).json().paymentLink.id as string;
    t.clock.advance(47 * 3600 * 1000);
    const recent = (await create()).json().paymentLink.id as string;
    t.clock.advance(2 * 3600 * 1000);

    expect(runHousekeeping(t.services)).toEqual({ expiredLinks: 1 });
    const status = async (id: string) =>
      (await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` })).json().status;
    expect(await status(old)).toBe('expired');
    expect(await status(recent)).toBe('pending');
    expect(runHousekeeping(t.services)).toEqual({ expiredLinks: 0 });
  });
});
