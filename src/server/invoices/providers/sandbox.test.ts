import { describe, expect, it } from 'vitest';
import { createSandboxInvoiceProvider, SANDBOX_INVOICE_REJECTION } from './sandbox';

const input = (ref: string, email = 'mariana@example.com') => ({
  ref,
  issuedAt: new Date('2026-11-22T12:00:00Z'),
  issuerTaxId: '11222333000181',
  customer: { name: 'Mariana', email, cpf: '52998224725' },
  description: 'Plano anual',
  amount: 149700,
});

describe('the sandbox of invoices', () => {
  it('receives an invoice as processing, numbers it at the next query and cancels it', async () => {
    const sandbox = createSandboxInvoiceProvider();
    expect(await sandbox.query('a')).toEqual({ status: 'not_found' });
    expect(await sandbox.issue(input('a'))).toEqual({ status: 'processing' });
    expect(await sandbox.query('a')).toEqual({ status: 'authorized', number: '1', url: null });
    // The same ref again is the same invoice, never a second one.
    expect(await sandbox.issue(input('a'))).toEqual({ status: 'authorized', number: '1', url: null });
    expect(await sandbox.cancel('a', 'Pagamento reembolsado ao cliente')).toEqual({ status: 'cancelled' });
    expect(await sandbox.query('a')).toEqual({ status: 'cancelled', number: '1', url: null });
  });

  it('rejects a payer at @nota-recusada.test with a city message, and refuses to cancel it', async () => {
    const sandbox = createSandboxInvoiceProvider();
    await sandbox.issue(input('b', 'rita@nota-recusada.test'));
    expect(await sandbox.query('b')).toEqual({ status: 'rejected', error: SANDBOX_INVOICE_REJECTION });
    expect(await sandbox.cancel('b', 'Pagamento reembolsado ao cliente')).toMatchObject({
      status: 'refused',
    });
  });
});
