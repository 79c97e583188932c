/**
 * A number the owner typed for an invoice issued elsewhere (the city's portal, an accountant): kept
 * on the payment so the member sees it as if issued here. Refused over an invoice the system issued
 * or is issuing; a rejected or cancelled one may be replaced.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { Clock } from '../lib/deps';
import { AppError } from '../lib/errors';
import { INVOICE_MSG } from './messages';
import { serviceInvoices } from './schema/service-invoices';

/** NFS-e numbers are numeric, up to 15 digits (the national layout's nNFSe). */
const NUMBER = /^\d{1,15}$/;

export function recordManualInvoice(
  { db, clock }: { db: Db; clock: Clock },
  paymentId: string,
  typed: string,
): { number: string } {
  const number = typed.trim();
  if (!NUMBER.test(number)) throw new AppError('BAD_REQUEST', INVOICE_MSG.numberInvalid);
  const now = clock.now();
  return db.transaction(() => {
    const payment = db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .get();
    if (!payment) throw new AppError('NOT_FOUND', INVOICE_MSG.paymentNotFound);
    if (payment.status !== 'paid') throw new AppError('CONFLICT', INVOICE_MSG.notPaid);
    const row = db.select().from(serviceInvoices).where(eq(serviceInvoices.paymentId, paymentId)).get();
    if (row && row.source !== 'manual' && row.status !== 'rejected' && row.status !== 'cancelled') {
      throw new AppError('CONFLICT', INVOICE_MSG.alreadyIssued);
    }
    const values = {
      ref: null,
      source: 'manual' as const,
      status: 'authorized' as const,
      number,
      url: null,
      providerError: null,
      nextAttemptAt: null,
      cancelWanted: false,
      updatedAt: now,
    };
    db.insert(serviceInvoices)
      .values({ paymentId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: serviceInvoices.paymentId, set: values })
      .run();
    return { number };
  });
}
