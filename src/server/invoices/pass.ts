/**
 * The invoice pass: every invoice due is taken to the provider, one at a time. Issuing is
 * asynchronous at the provider (docs/decisions/053-service-invoices.md): the first call queues the
 * invoice, later queries by our ref bring its number or the city's refusal. A lost answer leaves the
 * invoice "em verificação" (`unknown`); the next pass asks for the ref before anything else, and
 * issues again only when the provider has nothing under it, so a payment is never invoiced twice.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { RECEIPT_MSG } from '../../shared/receipt';
import { payments, subscribers } from '../db/schema';
import { errorText, providerText } from '../lib/provider-status';
import { readReceipt } from '../payments/receipts/receipt';
import type { InvoicesContext } from './context';
import { INVOICE_MSG } from './messages';
import { InvoiceProviderUnavailable, type InvoiceState, type IssueInvoiceInput } from './providers/types';
import { serviceInvoices, type ServiceInvoice } from './schema/service-invoices';

/** Invoices taken per pass; the rest wait for the next one. */
const PASS_LIMIT = 20;
const MINUTE_MS = 60_000;
/** Waits between calls for one invoice: 1, 2, 4… minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.min(attempts, 9), 6 * 60 * MINUTE_MS);
}

export interface InvoicePassResult {
  authorized: number;
  rejected: number;
  cancelled: number;
  /** Still with the provider, or "em verificação" after a lost answer. */
  pending: number;
}

/** What the invoice says of the payment: the receipt's own data (one description, one period). */
function issueInput(ctx: InvoicesContext, row: ServiceInvoice): IssueInvoiceInput | string {
  const settings = ctx.settings.get();
  const receipt = readReceipt({ db: ctx.db, settings }, row.paymentId, { id: '', role: 'admin' });
  if (!receipt.clubTaxId) return RECEIPT_MSG.noTaxId;
  const payer = ctx.db
    .select({ email: subscribers.email })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(eq(payments.id, row.paymentId))
    .get();
  return {
    ref: row.ref ?? '',
    issuedAt: ctx.clock.now(),
    issuerTaxId: receipt.clubTaxId,
    customer: { name: receipt.payerName, email: payer?.email ?? '', cpf: receipt.payerCpf },
    description: receipt.description,
    amount: receipt.amount,
  };
}

type Outcome = InvoiceState | { status: 'lost'; error: string } | { status: 'cancel_refused'; error: string };

/** Asks the provider what this invoice needs next: issue, settle by query, or cancel. */
async function callProvider(ctx: InvoicesContext, row: ServiceInvoice): Promise<Outcome> {
  const provider = ctx.provider;
  const ref = row.ref;
  if (!provider || !ref) return { status: 'lost', error: 'sem provedor' };
  try {
    if (row.status === 'cancelling') {
      const answer = await provider.cancel(ref, INVOICE_MSG.cancelReason);
      return answer.status === 'cancelled'
        ? { status: 'cancelled', number: row.number, url: row.url }
        : { status: 'cancel_refused', error: answer.error };
    }
    // Sent before (its answer said "processing", or was lost): the ref says where it stands.
    let state: InvoiceState = row.attempts > 0 ? await provider.query(ref) : { status: 'not_found' };
    // Refunded before the provider ever had it: nothing to issue, nothing to cancel.
    if (state.status === 'not_found' && row.cancelWanted)
      return { status: 'cancelled', number: null, url: null };
    if (state.status === 'not_found') {
      const input = issueInput(ctx, row);
      if (typeof input === 'string') return { status: 'rejected', error: input };
      state = await provider.issue(input);
    }
    return state;
  } catch (error) {
    if (error instanceof InvoiceProviderUnavailable) return { status: 'lost', error: error.message };
    throw error;
  }
}

/** Writes what the provider said, re-reading the row: a refund may have come meanwhile. */
function record(ctx: InvoicesContext, paymentId: string, outcome: Outcome): Outcome['status'] {
  const { db, clock } = ctx;
  const now = clock.now();
  return db.transaction(() => {
    const row = db.select().from(serviceInvoices).where(eq(serviceInvoices.paymentId, paymentId)).get();
    if (!row) return outcome.status;
    const attempts = row.attempts + 1;
    const later = new Date(now.getTime() + retryDelayMs(row.attempts));
    const base = { attempts, updatedAt: now };
    let set: Partial<ServiceInvoice>;
    switch (outcome.status) {
      case 'processing':
        set = { status: 'issuing', nextAttemptAt: later };
        break;
      case 'authorized':
        set = {
          status: row.cancelWanted ? 'cancelling' : 'authorized',
          number: outcome.number,
          url: outcome.url,
          providerError: null,
          nextAttemptAt: row.cancelWanted ? now : null,
        };
        break;
      case 'rejected':
        set = { status: 'rejected', providerError: outcome.error, nextAttemptAt: null };
        break;
      case 'cancelled':
        set = {
          status: 'cancelled',
          number: outcome.number ?? row.number,
          url: outcome.url ?? row.url,
          providerError: null,
          nextAttemptAt: null,
        };
        break;
      case 'cancel_refused':
        // Still a valid invoice: the owner reads why it could not be cancelled.
        set = { status: 'authorized', providerError: outcome.error, nextAttemptAt: null };
        break;
      case 'not_found':
        set = { status: 'unknown', nextAttemptAt: later };
        break;
      default:
        // A lost cancel is sent again (an invoice already cancelled answers so); a lost issue or query is "em verificação".
        set = { status: row.status === 'cancelling' ? 'cancelling' : 'unknown', nextAttemptAt: later };
    }
    db.update(serviceInvoices)
      .set({ ...base, ...set })
      .where(eq(serviceInvoices.paymentId, paymentId))
      .run();
    return outcome.status;
  });
}

/** One pass over the invoices due. Safe to run any number of times; one at a time per process. */
export async function runInvoicePass(ctx: InvoicesContext): Promise<InvoicePassResult> {
  const result: InvoicePassResult = { authorized: 0, rejected: 0, cancelled: 0, pending: 0 };
  if (!ctx.provider) return result;
  const due = ctx.db
    .select()
    .from(serviceInvoices)
    .where(and(isNotNull(serviceInvoices.nextAttemptAt), lte(serviceInvoices.nextAttemptAt, ctx.clock.now())))
    .orderBy(asc(serviceInvoices.nextAttemptAt))
    .limit(PASS_LIMIT)
    .all();
  for (const row of due) {
    let outcome: Outcome;
    try {
      outcome = await callProvider(ctx, row);
    } catch (error) {
      ctx.log.error(
        { paymentId: row.paymentId, err: providerText(errorText(error), []) },
        'invoice pass failed',
      );
      outcome = { status: 'lost', error: errorText(error) };
    }
    const status = record(ctx, row.paymentId, outcome);
    if (status === 'authorized') result.authorized += 1;
    else if (status === 'rejected') result.rejected += 1;
    else if (status === 'cancelled') result.cancelled += 1;
    else result.pending += 1;
    if (status === 'lost') ctx.log.warn({ paymentId: row.paymentId }, 'invoice answer lost: em verificação');
  }
  return result;
}
