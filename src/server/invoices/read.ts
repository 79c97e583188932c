/** A payment's invoice as the owner's "Detalhes" and the member's "Pagamentos" show it. */
import { eq } from 'drizzle-orm';
import { INVOICE_STATUS_LABELS, type AdminInvoice, type MemberInvoice } from '../../shared/invoice';
import type { Db } from '../db/client';
import { serviceInvoices, type ServiceInvoice } from './schema/service-invoices';

export function adminInvoiceOf(db: Db, paymentId: string): AdminInvoice | null {
  const row = db.select().from(serviceInvoices).where(eq(serviceInvoices.paymentId, paymentId)).get();
  if (!row) return null;
  return {
    status: row.status,
    statusLabel: INVOICE_STATUS_LABELS[row.status],
    source: row.source,
    number: row.number,
    url: row.url,
    providerError: row.providerError,
  };
}

/** Only an invoice with a number reaches the member (a cancelled one says so). */
export function memberInvoiceOf(
  row: Pick<ServiceInvoice, 'status' | 'number' | 'url'> | null,
): MemberInvoice | null {
  if (!row?.number) return null;
  if (row.status !== 'authorized' && row.status !== 'cancelling' && row.status !== 'cancelled') return null;
  return { number: row.number, url: row.url, cancelled: row.status === 'cancelled' };
}
