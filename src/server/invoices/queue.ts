/**
 * The invoice queue's writes from the payment side: a paid payment queues its invoice, a refund asks
 * for it to be cancelled. Both run inside the payment's own transaction and only write rows; the
 * provider is called by the pass (pass.ts), so a slow or lost provider never holds a payment up.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Clock } from '../lib/deps';
import type { SettingsService } from '../settings/settings';
import { serviceInvoices } from './schema/service-invoices';

/** Our reference at the provider: the payment's, so one payment can only ever be one invoice. */
export const invoiceRef = (paymentId: string) => `confraria-${paymentId}`;

type QueueDeps = {
  db: Db;
  env: Pick<Env, 'invoiceProvider'>;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
};

/**
 * Queues a paid payment's invoice when invoices are on (a provider configured and "Emissão de notas
 * fiscais" turned on); a payment already queued stays as it is.
 */
export function queueInvoice({ db, env, clock, settings }: QueueDeps, paymentId: string): boolean {
  if (!env.invoiceProvider || !settings.get().serviceInvoices) return false;
  const now = clock.now();
  return (
    db
      .insert(serviceInvoices)
      .values({
        paymentId,
        ref: invoiceRef(paymentId),
        source: env.invoiceProvider,
        status: 'issuing',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .run().changes > 0
  );
}

/**
 * A refunded payment's invoice is to be cancelled: an authorized one goes to the provider; one still
 * being issued (or "em verificação") is cancelled once it has its number; one never sent is simply
 * dropped. A number the owner typed was issued elsewhere: it is cancelled there, not here.
 */
export function requestInvoiceCancel({ db, clock }: Pick<QueueDeps, 'db' | 'clock'>, paymentId: string) {
  const now = clock.now();
  const row = db.select().from(serviceInvoices).where(eq(serviceInvoices.paymentId, paymentId)).get();
  if (!row || row.source === 'manual') return;
  const where = and(eq(serviceInvoices.paymentId, paymentId), eq(serviceInvoices.status, row.status));
  if (row.status === 'authorized') {
    db.update(serviceInvoices)
      .set({ status: 'cancelling', providerError: null, nextAttemptAt: now, updatedAt: now })
      .where(where)
      .run();
  } else if (row.status === 'issuing' && row.attempts === 0) {
    db.update(serviceInvoices)
      .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
      .where(and(where, eq(serviceInvoices.attempts, 0)))
      .run();
  } else if (row.status === 'issuing' || row.status === 'unknown') {
    db.update(serviceInvoices)
      .set({ cancelWanted: true, updatedAt: now })
      .where(
        and(
          eq(serviceInvoices.paymentId, paymentId),
          inArray(serviceInvoices.status, ['issuing', 'unknown']),
        ),
      )
      .run();
  }
}
