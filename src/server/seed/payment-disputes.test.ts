import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { formatMoney } from '../../shared/format';
import { runSeed } from './index';

let t: TestApp;
useTestApp((app) => (t = app));

/** One member's payments as the back office's Pagamentos lists them. */
const listed = (search: string) =>
  t.services.adminReports.listPayments({
    status: 'all',
    method: 'all',
    search,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: 10,
  }).payments;

describe('refunds and disputes demo seed', () => {
  it('shows João’s chargeback and Rafael’s partial refund with their history; idempotent', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain(
      'contestações e reembolsos parciais: João Pereira em Pagamentos como "Contestado (chargeback)", Rafael Oliveira como "Pago (reembolso parcial)"',
    );
    const chargeback = listed('joao').find((payment) => payment.statusLabel === 'Contestado (chargeback)');
    expect(chargeback).toMatchObject({ status: 'refunded', amount: 149700 });
    expect(
      t.services.paymentDetail.detail(chargeback?.id ?? '').history.map((entry) => entry.text),
    ).toContain(
      `Contestação (chargeback) informada pelo provedor: ${formatMoney(149700)} devolvidos ao titular do cartão`,
    );
    const partial = listed('rafael').find((payment) => payment.statusLabel === 'Pago (reembolso parcial)');
    expect(partial).toMatchObject({ status: 'paid', refundedAmount: 10000 });

    const second = await runSeed(t.services);
    expect(second.lines).toContain('contestações e reembolsos parciais: já existiam');
    expect(listed('joao').filter((payment) => payment.chargedbackAt)).toHaveLength(1);
  });
});
