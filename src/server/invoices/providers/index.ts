/**
 * Chooses the invoice provider once from the configuration (`env.invoiceProvider`): Focus NFe when
 * FOCUSNFE_TOKEN is set (or INVOICE_PROVIDER=focusnfe), the built-in sandbox of invoices when
 * INVOICE_PROVIDER=sandbox, and none otherwise (invoices off: the public texts promise receipts only).
 */
import type { Env } from '../../env';
import { createFocusNfeProvider } from './focusnfe';
import { createSandboxInvoiceProvider } from './sandbox';
import type { InvoiceProvider } from './types';

export type { InvoiceProvider } from './types';

export function createInvoiceProvider(env: Env): InvoiceProvider | null {
  if (env.invoiceProvider === 'focusnfe' && env.FOCUSNFE_TOKEN) {
    return createFocusNfeProvider({
      apiUrl: env.FOCUSNFE_API_URL,
      token: env.FOCUSNFE_TOKEN,
      municipalRegistration: env.INVOICE_MUNICIPAL_REGISTRATION ?? '',
      cityCode: env.INVOICE_CITY_CODE ?? '',
      serviceItem: env.INVOICE_SERVICE_ITEM ?? '',
      taxRate: env.INVOICE_TAX_RATE,
    });
  }
  if (env.invoiceProvider === 'sandbox') {
    return createSandboxInvoiceProvider();
  }
  return null;
}
