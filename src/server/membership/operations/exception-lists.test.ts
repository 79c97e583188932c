/**
 * The exceptions as lists (ADR 046): payments by "Cobrança duplicada", "Em verificação" and
 * chargeback; subscribers by Vencimento; members whose period ended in the last N days (to win
 * them back). REST (the documented list paths) and the CSV exports read the same filters.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, insertAnasSecondCharge, rows, sandboxPay } from '../../../../tests/checkout';
import { payments } from '../../db/schema';
import { DAY_MS } from '../../../shared/sao-paulo-time';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));
const get = (url: string) =>
  t.request({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });

async function paidPayment(email: string) {
  const link = await createLink(t, { customerEmail: email });
  await sandboxPay(t, link.id, 'paid', 'pix');
  const subscriber = rows(t).subscriberByEmail(email);
  const payment = t.services.db
    .select()
    .from(payments)
    .where(eq(payments.subscriberId, subscriber!.id))
    .get();
  return payment!;
}

const emails = (body: { payments: { subscriber: { email: string } }[] }) =>
  body.payments.map((payment) => payment.subscriber.email);

describe('GET /api/admin/payments?exception=', () => {
  it('lists the second charges, the lost answers and the chargebacks; the CSV holds the same rows', async () => {
    const first = await paidPayment('ana@exemplo.com.br');
    await paidPayment('bruno@exemplo.com.br');
    const lost = await paidPayment('carla@exemplo.com.br');
    // Ana was charged twice; Carla's card attempt lost its answer (pending, "em verificação").
    const { db } = t.services;
    insertAnasSecondCharge(t, first);
    db.update(payments)
      .set({ status: 'pending', paidAt: null, verifyingSince: t.clock.now(), attempt: 1 })
      .where(eq(payments.id, lost.id))
      .run();

    const duplicate = (await get('/api/admin/payments?exception=duplicate')).json();
    expect(emails(duplicate)).toEqual(['ana@exemplo.com.br']);
    expect(duplicate.payments[0]).toMatchObject({ id: 'extra-ana', statusLabel: 'Cobrança duplicada' });
    expect(duplicate.pagination.total).toBe(1);
    const verifying = (await get('/api/admin/payments?exception=verifying')).json();
    expect(emails(verifying)).toEqual(['carla@exemplo.com.br']);
    expect(verifying.payments[0]).toMatchObject({ verifying: true, statusLabel: 'Em verificação' });
    // No payment status says chargeback yet: the filter answers an empty list, never an error.
    const chargeback = await get('/api/admin/payments?exception=chargeback');
    expect(chargeback.statusCode).toBe(200);
    expect(chargeback.json().pagination.total).toBe(0);
    // Combined with the other filters.
    expect(
      (await get('/api/admin/payments?exception=duplicate&status=refunded')).json().pagination.total,
    ).toBe(0);

    const file = (await get('/api/admin/payments/export.csv?exception=verifying')).body;
    expect(file).toContain('carla@exemplo.com.br');
    expect(file).not.toContain('ana@exemplo.com.br');
    expect(file).not.toContain('bruno@exemplo.com.br');

    const wrong = await get('/api/admin/payments?exception=estorno');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Exceção inválida: use duplicate, verifying ou chargeback.');
  });
});

describe('subscribers by Vencimento and expired in the last N days', () => {
  async function member(
    name: string,
    status: 'active' | 'expired' | 'cancelled' | 'inactive',
    endInDays: number | null,
  ) {
    const end = endInDays === null ? null : new Date(t.clock.now().getTime() + endInDays * DAY_MS);
    await t.caller(admin.token).subscribers.create({
      fullName: name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`,
      phone: '(21) 99876-5432',
      cpf: null,
      status,
      subscriptionPrice: 149700,
      subscriptionStartDate: end ? new Date(end.getTime() - 365 * DAY_MS).toISOString() : null,
      subscriptionEndDate: end ? end.toISOString() : null,
    });
  }

  it('sorts by the end date and keeps the periods ended within the window, not renewed', async () => {
    await member('Venceu Ontem', 'expired', -1);
    await member('Venceu Faz Vinte', 'cancelled', -20);
    await member('Venceu Faz Quarenta', 'expired', -40);
    await member('Ativo Sem Job', 'active', -3);
    await member('Desativado', 'inactive', -5);
    await member('Renovou', 'active', 300);
    await member('Sem Periodo', 'active', null);

    const byEnd = (
      await get('/api/admin/subscribers?sortBy=subscriptionEndDate&sortOrder=asc&status=active')
    ).json();
    expect(byEnd.subscribers.map((row: { fullName: string }) => row.fullName)).toEqual([
      'Sem Periodo',
      'Ativo Sem Job',
      'Renovou',
    ]);

    const expired = (
      await get('/api/admin/subscribers?expiredWithinDays=30&sortBy=subscriptionEndDate')
    ).json();
    expect(expired.subscribers.map((row: { fullName: string }) => row.fullName)).toEqual([
      'Venceu Ontem',
      'Ativo Sem Job',
      'Venceu Faz Vinte',
    ]);
    expect(expired.pagination.total).toBe(3);
    const api = t.caller(admin.token).subscribers;
    expect((await api.list({ expiredWithinDays: 60, search: 'Quarenta' })).pagination.total).toBe(1);

    const file = (await get('/api/admin/subscribers/export.csv?expiredWithinDays=30')).body;
    expect(file).toContain('Venceu Faz Vinte');
    expect(file).not.toContain('Venceu Faz Quarenta');
    expect(file).not.toContain('Renovou');

    for (const value of ['0', '367', 'abc']) {
      const wrong = await get(`/api/admin/subscribers?expiredWithinDays=${value}`);
      expect(wrong.statusCode, value).toBe(400);
      expect(wrong.json().error).toBe('Informe um número de dias entre 1 e 366 para a expiração.');
    }
  });
});
