/**
 * What an invoice provider does for us (docs/decisions/053-service-invoices.md): issue an NFS-e
 * under our reference, say where it stands, cancel it. Issuing is asynchronous at the provider: the
 * first answer is usually "processing" and the number comes from a later query.
 */
export type InvoiceProviderName = 'focusnfe' | 'sandbox';

/** Who pays (the member) and for what, as the invoice states it. Money in integer cents. */
export interface IssueInvoiceInput {
  ref: string;
  issuedAt: Date;
  /** The club's CNPJ (or CPF) as stored in the settings, compact. */
  issuerTaxId: string;
  customer: { name: string; email: string; cpf: string | null };
  description: string;
  amount: number;
}

/** Where an invoice stands at the provider. */
export type InvoiceState =
  | { status: 'processing' }
  | { status: 'authorized'; number: string; url: string | null }
  | { status: 'rejected'; error: string }
  | { status: 'cancelled'; number: string | null; url: string | null }
  /** The provider has nothing under this ref: it was never received. */
  | { status: 'not_found' };

/** What a cancellation answered: done, or refused with the provider's text. */
export type CancelAnswer = { status: 'cancelled' } | { status: 'refused'; error: string };

export interface InvoiceProvider {
  readonly name: InvoiceProviderName;
  issue(input: IssueInvoiceInput): Promise<InvoiceState>;
  query(ref: string): Promise<InvoiceState>;
  cancel(ref: string, reason: string): Promise<CancelAnswer>;
}

/**
 * No answer (network, timeout, 5xx): the provider may or may not have acted. The caller records the
 * invoice as "em verificação" and asks again by its ref; never issues blindly.
 */
export class InvoiceProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'InvoiceProviderUnavailable';
  }
}
