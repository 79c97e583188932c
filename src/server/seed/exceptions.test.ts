import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { listPayments } from '../reports/payment-list';
import { list as subscriberAdminList } from '../membership/subscribers/admin/list';

let t: TestApp;
useTestApp((app) => (t = app));

const list = (exception: 'duplicate' | 'verifying') =>
  listPayments(t.services.adminReports, {
    status: 'all',
    method: 'all',
    search: '',
    exception,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: 10,
  });

describe('exceptions demo seed', () => {
  it('gives every exceptions list of the dashboard something to show; idempotent', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain(
      'exceções: 1 pagamento em verificação criado (Fernanda Rocha), 1 assinatura expirada há 12 dias ' +
        '(Sérgio Antunes): Dashboard → Exceções',
    );
    expect(list('verifying').payments).toMatchObject([
      { subscriber: { fullName: 'Fernanda Rocha' }, verifying: true, statusLabel: 'Em verificação' },
    ]);
    expect(list('duplicate').payments).toMatchObject([
      { subscriber: { fullName: 'Beatriz Santos' }, statusLabel: 'Cobrança duplicada' },
    ]);
    const expired = subscriberAdminList(t.services.subscriberAdmin, {
      status: 'all',
      search: '',
      sortBy: 'subscriptionEndDate',
      sortOrder: 'desc',
      page: 1,
      limit: 10,
      expiredWithinDays: 30,
    });
    expect(expired.subscribers.map((row) => row.fullName)).toEqual(['Sérgio Antunes']);

    const second = await runSeed(t.services);
    expect(second.lines).toContain('exceções: 0 pagamentos em verificação criados, 1 já existia');
    expect(list('verifying').pagination.total).toBe(1);
  });
});
