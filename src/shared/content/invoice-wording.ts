/**
 * What the public site says about invoices (docs/product/service-invoices.md): with service invoices
 * on (a provider configured and "Emissão de notas fiscais" turned on), the invoice is promised; without,
 * only what the club does give, a receipt of every payment. The landing, the FAQ and the terms read
 * these through `{{placeholders}}` (contentVars), so no page can promise what the club does not do.
 */
export interface InvoiceWording {
  benefitTitle: string;
  benefitText: string;
  /** The end of the FAQ's list of benefits, after the dash. */
  benefitsEnd: string;
  faqAnswer: string;
  terms: string;
}

export const WITH_INVOICES: InvoiceWording = {
  benefitTitle: 'Tudo com nota fiscal',
  benefitText: 'Transparência em todas as compras e pagamentos.',
  benefitsEnd: 'tudo com nota fiscal',
  faqAnswer: 'Sim. Todas as cobranças da confraria são feitas com nota fiscal.',
  terms: 'Todas as cobranças são emitidas com nota fiscal.',
};

export const RECEIPTS_ONLY: InvoiceWording = {
  benefitTitle: 'Recibo de cada pagamento',
  benefitText: 'Transparência nos pagamentos: todos os seus recibos ficam na área de membros.',
  benefitsEnd: 'com recibo de cada pagamento',
  faqAnswer:
    'Cada pagamento confirmado tem um recibo com o nome e o CNPJ ou CPF da confraria, o valor, a forma ' +
    'de pagamento e o período pago. Ele fica na área de membros, em “Pagamentos”, para abrir, imprimir ' +
    'ou baixar em PDF, e o link também vai no e-mail de confirmação.',
  terms: 'Cada pagamento confirmado tem um recibo, disponível na área de membros.',
};

export function invoiceWording(serviceInvoices: boolean): InvoiceWording {
  return serviceInvoices ? WITH_INVOICES : RECEIPTS_ONLY;
}

/** The `{{placeholders}}` of the content modules that carry this wording. */
export function invoiceContentVars(serviceInvoices: boolean): Record<string, string> {
  const wording = invoiceWording(serviceInvoices);
  return {
    invoiceBenefitTitle: wording.benefitTitle,
    invoiceBenefitText: wording.benefitText,
    invoiceBenefitsEnd: wording.benefitsEnd,
    invoiceFaqAnswer: wording.faqAnswer,
    invoiceTerms: wording.terms,
  };
}
