import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { formatMoney } from '../../shared/format';
import { runSeed } from './index';
import { listPayments } from '../reports/payment-list';
import { reconcile } from '../payments/reconciliation/run';

let t: TestApp;
useTestApp((app) => (t = app));

/** One member's payments as the back office's Pagamentos lists them. */
const listed = (search: string) =>
  listPayments(t.services.adminReports, {
    status: 'all',
    method: 'all',
    search,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: 10,
  }).payments;

describe('refunds and disputes demo seed', () => {
  it('shows João’s chargeback, Rafael’s partial refund and Carolina’s refund in progress with their history; idempotent', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain(
      'contestações e reembolsos: João Pereira em Pagamentos como "Contestado (chargeback)", Rafael Oliveira como "Pago (reembolso parcial)", Carolina Dias como "Reembolso em processamento"',
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

    // The owner's refund whose answer was lost: money and membership unchanged while in progress.
    const inProgress = listed('carolina').find(
      (payment) => payment.statusLabel === 'Reembolso em processamento',
    );
    expect(inProgress).toMatchObject({ status: 'paid', amount: 149700, refundStatus: 'processing' });
    expect(t.services.paymentDetail.detail(inProgress?.id ?? '').history.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Reembolso 1 pedido ao provedor \(motivo: Desistência/),
      ]),
    );
    // The sandbox cannot read it: reconciliation leaves it in progress (never "failed" on our say).
    await reconcile(t.services.reconciliation);
    expect(listed('carolina').find((payment) => payment.id === inProgress?.id)).toMatchObject({
      status: 'paid',
      refundStatus: 'processing',
    });
    const owner = await t.signIn('admin');
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/payments/${inProgress?.id}/refund`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { reason: 'Outra tentativa' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'O reembolso deste pagamento já está em processamento.' });

    const second = await runSeed(t.services);
    expect(second.lines).toContain('contestações e reembolsos: já existiam');
    expect(listed('joao').filter((payment) => payment.chargedbackAt)).toHaveLength(1);
  });
});
