/**
 * Service invoices in the demo club (docs/product/service-invoices.md): Mariana's latest paid payment
 * shows the number of an invoice "issued elsewhere", typed by the administration, beside its receipt.
 * With an invoice provider configured (INVOICE_PROVIDER=sandbox for the sandbox of invoices),
 * "Emissão de notas fiscais" is turned on and the paid payments without an invoice are queued: the
 * server issues them within a minute.
 */
import { taxIdKind } from '../../shared/tax-id';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { payments, serviceInvoices, subscribers } from '../db/schema';
import { recordManualInvoice } from '../invoices/manual';
import { queueInvoice } from '../invoices/queue';
import type { SeedModule } from './types';

export const DEMO_INVOICE_NUMBER = '2026000123';

export const invoicesSeed: SeedModule = {
  name: 'notas fiscais',
  run(services, ctx) {
    const { db } = services;
    const mariana = ctx.users.mariana;
    const latest =
      mariana &&
      db
        .select({ id: payments.id, invoice: serviceInvoices.paymentId })
        .from(payments)
        .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
        .leftJoin(serviceInvoices, eq(serviceInvoices.paymentId, payments.id))
        .where(and(eq(subscribers.userId, mariana.id), eq(payments.status, 'paid')))
        .orderBy(desc(payments.paidAt))
        .get();
    if (latest && !latest.invoice) {
      recordManualInvoice(services, latest.id, DEMO_INVOICE_NUMBER);
      ctx.report(
        `notas fiscais: nº ${DEMO_INVOICE_NUMBER} (emitida fora do sistema) no último pagamento de Mariana`,
      );
    } else {
      ctx.report('notas fiscais: o último pagamento de Mariana já tinha nota');
    }
    // Invoices are issued in the name of the club's CNPJ (the receipts seed types an example one).
    if (!services.invoices.provider || taxIdKind(services.settings.get().clubTaxId) !== 'cnpj') return;
    services.settings.update({ serviceInvoices: true });
    const unbilled = db
      .select({ id: payments.id })
      .from(payments)
      .leftJoin(serviceInvoices, eq(serviceInvoices.paymentId, payments.id))
      .where(
        and(eq(payments.status, 'paid'), isNull(payments.extraCharge), isNull(serviceInvoices.paymentId)),
      )
      .all();
    const queued = unbilled.filter((payment) => queueInvoice(services, payment.id)).length;
    ctx.report(
      `notas fiscais: emissão ligada, ${queued} pagamentos na fila do emissor (${services.invoices.provider.name})`,
    );
  },
};
