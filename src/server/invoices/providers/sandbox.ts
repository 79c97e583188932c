/**
 * The sandbox of invoices: a built-in stand-in for development, demos and tests, on the model of
 * the payment sandbox. No account, no network; it behaves like the real provider in what matters to
 * us: an invoice is received as "processing" and gets its number at the next query; a cancellation
 * is immediate. Its numbers live in memory and start again with the process (an invoice asked for
 * after a restart is simply issued again under the same ref).
 *
 * A customer e-mail at `@nota-recusada.test` has its invoice rejected with a city's message, so the
 * owner's screen for a rejection can be seen.
 */
import type { CancelAnswer, InvoiceProvider, InvoiceState, IssueInvoiceInput } from './types';

export const SANDBOX_INVOICE_REJECTED_DOMAIN = '@nota-recusada.test';
export const SANDBOX_INVOICE_REJECTION = 'E145: Regime Especial de Tributação ausente/inválido.';

interface SandboxInvoice {
  state: 'processing' | 'authorized' | 'rejected' | 'cancelled';
  number: string;
}

export function createSandboxInvoiceProvider(): InvoiceProvider {
  const invoices = new Map<string, SandboxInvoice>();
  let lastNumber = 0;
  // A sandbox invoice has no city page to open: its number only.
  const urlOf = (_number: string): string | null => null;

  function stateOf(invoice: SandboxInvoice): InvoiceState {
    switch (invoice.state) {
      case 'processing':
        return { status: 'processing' };
      case 'rejected':
        return { status: 'rejected', error: SANDBOX_INVOICE_REJECTION };
      case 'cancelled':
        return { status: 'cancelled', number: invoice.number, url: urlOf(invoice.number) };
      default:
        return { status: 'authorized', number: invoice.number, url: urlOf(invoice.number) };
    }
  }

  return {
    name: 'sandbox',
    issue(input: IssueInvoiceInput) {
      const known = invoices.get(input.ref);
      // The same ref again: like the real API after a rejection, a new try; otherwise the same invoice.
      if (known && known.state !== 'rejected') return Promise.resolve(stateOf(known));
      const rejected = input.customer.email.toLowerCase().endsWith(SANDBOX_INVOICE_REJECTED_DOMAIN);
      invoices.set(input.ref, { state: rejected ? 'rejected' : 'processing', number: '' });
      return Promise.resolve<InvoiceState>({ status: 'processing' });
    },
    query(ref: string) {
      const invoice = invoices.get(ref);
      if (!invoice) return Promise.resolve<InvoiceState>({ status: 'not_found' });
      if (invoice.state === 'processing') {
        lastNumber += 1;
        invoice.state = 'authorized';
        invoice.number = String(lastNumber);
      }
      return Promise.resolve(stateOf(invoice));
    },
    cancel(ref: string): Promise<CancelAnswer> {
      const invoice = invoices.get(ref);
      if (!invoice || invoice.state === 'rejected' || invoice.state === 'processing') {
        return Promise.resolve({ status: 'refused', error: 'Nota fiscal não autorizada: nada a cancelar' });
      }
      invoice.state = 'cancelled';
      return Promise.resolve({ status: 'cancelled' });
    },
  };
}
