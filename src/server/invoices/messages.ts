/** What the owner and members read about service invoices (pt-BR). */
import { INVOICE_SCREEN_MSG } from '../../shared/invoice';

export const INVOICE_MSG = {
  paymentNotFound: 'Pagamento não encontrado',
  notPaid: 'Só um pagamento confirmado pode receber o número de uma nota fiscal.',
  numberInvalid: INVOICE_SCREEN_MSG.numberInvalid,
  alreadyIssued: 'Esta cobrança já tem uma nota fiscal emitida pelo sistema.',
  cancelReason: 'Cancelamento da nota fiscal: o pagamento do serviço foi reembolsado ao cliente.',
} as const;
