import { and, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { payments } from '../db/schema';
import { monthClose } from '../reports/month-close';
import { accountsSeed } from './accounts';
import { runSeed } from './index';
import { monthCloseSeed } from './month-close';
import { paymentsSeed } from './payments';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo month close', () => {
  it('gives every paid demo charge the sandbox figures, so the month shows fees and a net', async () => {
    const { lines } = await runSeed(t.services, [accountsSeed, paymentsSeed, monthCloseSeed]);
    const { db } = t.services;
    const charged = db
      .select()
      .from(payments)
      .where(and(isNotNull(payments.paidAt), isNotNull(payments.providerChargeId)))
      .all();
    expect(charged.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(
      `fechamento do mês: taxas e repasses do sandbox em ${charged.length} pagamento(s); veja Admin → Fechamento do mês`,
    );
    for (const payment of charged) {
      expect(payment.providerNet).toBe((payment.providerGross ?? 0) - (payment.providerFee ?? 0));
      expect(payment.providerFee).toBeGreaterThan(0);
    }
    expect(
      db
        .select()
        .from(payments)
        .where(
          and(isNotNull(payments.providerChargeId), isNotNull(payments.paidAt), isNull(payments.providerFee)),
        )
        .all(),
    ).toEqual([]);
    const month = charged[0]!.paidAt!;
    const key = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(monthClose(t.services.adminReports, key).total.fees).toBeGreaterThan(0);

    // A second run asks nothing again (the figures are on file).
    const again = await runSeed(t.services, [monthCloseSeed]);
    expect(again.lines).toEqual([
      'fechamento do mês: taxas e repasses do sandbox em 0 pagamento(s); veja Admin → Fechamento do mês',
    ]);
  });
});
