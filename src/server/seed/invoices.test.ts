import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { serviceInvoices } from '../db/schema';
import { accountsSeed } from './accounts';
import { runSeed } from './index';
import { receiptsSeed } from './receipts';
import { DEMO_INVOICE_NUMBER, invoicesSeed } from './invoices';
import { paymentsSeed } from './payments';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe('demo invoices', () => {
  it("shows a typed number on Mariana's latest paid payment, once", async () => {
    t = await createTestApp();
    const first = await runSeed(t.services, [accountsSeed, paymentsSeed, invoicesSeed]);
    expect(first.lines.at(-1)).toBe(
      `notas fiscais: nº ${DEMO_INVOICE_NUMBER} (emitida fora do sistema) no último pagamento de Mariana`,
    );
    const rows = t.services.db.select().from(serviceInvoices).all();
    expect(rows).toEqual([
      expect.objectContaining({ source: 'manual', status: 'authorized', number: DEMO_INVOICE_NUMBER }),
    ]);
    const second = await runSeed(t.services, [accountsSeed, paymentsSeed, invoicesSeed]);
    expect(second.lines.at(-1)).toBe('notas fiscais: o último pagamento de Mariana já tinha nota');
    expect(t.services.settings.get().serviceInvoices).toBe(false);
  });

  it('with the sandbox of invoices, turns issuing on and queues the paid payments', async () => {
    t = await createTestApp({ INVOICE_PROVIDER: 'sandbox' });
    // Without the club's CNPJ issuing stays off (the provider would refuse every invoice).
    await runSeed(t.services, [accountsSeed, paymentsSeed, invoicesSeed]);
    expect(t.services.settings.get().serviceInvoices).toBe(false);
    // The receipts seed types the example CNPJ; then issuing is turned on.
    const { lines } = await runSeed(t.services, [receiptsSeed, invoicesSeed]);
    expect(t.services.settings.get().serviceInvoices).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^notas fiscais: emissão ligada, [1-9]\d* pagamentos na fila do emissor \(sandbox\)$/,
    );
    const queued = t.services.db
      .select()
      .from(serviceInvoices)
      .where(eq(serviceInvoices.status, 'issuing'))
      .all();
    expect(queued.length).toBeGreaterThan(0);
  });
});
