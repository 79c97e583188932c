import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { listPayments } from '../reports/payment-list';
import { formatMoney } from '../../shared/format';

let t: TestApp;
useTestApp((app) => (t = app));

/** Beatriz's paid payments as the back office's Pagamentos lists them. */
const beatrizPaid = () =>
  listPayments(t.services.adminReports, {
    status: 'paid',
    method: 'all',
    search: 'beatriz',
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: 10,
  }).payments;

describe('payment history demo seed', () => {
  it('shows a paid payment with its history and one "Cobrança duplicada" to refund; idempotent', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain(
      'histórico de pagamentos: 1 cobrança duplicada criada (Beatriz Santos, em Pagamentos: "Cobrança duplicada"), e 1 mantida pelo clube (Mariana, "Cobrança extra mantida")',
    );
    const listed = beatrizPaid();
    const duplicate = listed.find((payment) => payment.statusLabel === 'Cobrança duplicada');
    expect(duplicate).toMatchObject({ extraCharge: 'duplicate', amount: 149700 });
    const detail = t.services.paymentDetail.detail(duplicate?.extraChargeOf ?? '');
    expect(detail.extraCharges.map((extra) => extra.id)).toEqual([duplicate?.id]);
    expect(detail.history.map((entry) => entry.text)).toEqual([
      'Evento payment_link.paid: pago, pagamento confirmado',
      expect.stringMatching(/^Cobrança duplicada: R\$\s1\.497,00 \(cobrança sbx_ch_\w+\), a reembolsar$/),
    ]);

    const kept = listPayments(t.services.adminReports, {
      status: 'paid',
      method: 'all',
      search: 'mariana',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 10,
    }).payments.filter((payment) => payment.extraCharge);
    expect(kept).toEqual([
      expect.objectContaining({
        statusLabel: 'Cobrança extra mantida',
        extraChargeKeptAt: expect.any(String),
      }),
    ]);
    expect(t.services.paymentDetail.detail(kept[0]?.id ?? '').history.map((entry) => entry.text)).toContain(
      `Cobrança extra mantida pelo clube: ${formatMoney(kept[0]?.amount ?? 0)} passam a contar como receita`,
    );

    const second = await runSeed(t.services);
    expect(second.lines).toContain('histórico de pagamentos: 0 cobranças duplicadas criadas, 1 já existia');
    expect(beatrizPaid().filter((payment) => payment.extraCharge)).toHaveLength(1);
  });
});
