/**
 * Service invoices (NFS-e): one row per paid payment once invoices are on, or per payment whose
 * number the owner typed (an invoice issued elsewhere). The provider knows it by `ref`, our key:
 * a lost answer is settled by asking for that ref, so a payment is never invoiced twice.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { INVOICE_STATUSES } from '../../../shared/invoice';
import { payments } from '../../payments/schema/payments';

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * issuing: queued or sent, the provider still working; authorized: has a number; rejected: the
 * provider (or the city) refused it, its text kept; cancelling: a refund asked the provider to cancel
 * it; cancelled; unknown: an answer was lost ("em verificação"), settled by querying the ref.
 */
export type ServiceInvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const serviceInvoices = sqliteTable(
  'service_invoices',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Our reference at the provider (`confraria-<payment id>`); null for a number typed by the owner. */
    ref: text('ref').unique(),
    /** `focusnfe` or `sandbox` (whichever issued it); `manual` for a number the owner typed. */
    source: text('source', { enum: ['focusnfe', 'sandbox', 'manual'] }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    number: text('number'),
    /** Where the invoice is seen (the city's page or the provider's PDF). */
    url: text('url'),
    /** The provider's refusal (issue or cancel), secrets removed, shown to the owner. */
    providerError: text('provider_error'),
    /** Calls made to the provider for this invoice (issue, query, cancel). */
    attempts: integer('attempts').notNull().default(0),
    /** When the queue next looks at it; null when nothing is left to do. */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** A refund came while the invoice was still being issued: it is cancelled once it has a number. */
    cancelWanted: integer('cancel_wanted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('service_invoices_due_idx').on(table.nextAttemptAt)],
);

export type ServiceInvoice = typeof serviceInvoices.$inferSelect;
