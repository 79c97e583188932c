/** The owner types the number of an invoice issued elsewhere on a paid payment. */
import { z } from 'zod';
import { INVOICE_SCREEN_MSG, recordInvoiceNumberInput } from '../../shared/invoice';
import { procedureFor } from '../operations/procedure';
import { INVOICE_MSG } from './messages';
import { recordManualInvoice } from './manual';

export const invoiceProcedures = {
  recordNumber: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/{paymentId}/invoice-number',
        tags: ['admin: pagamentos'],
        summary: 'Registra o número de uma nota fiscal emitida fora do sistema num pagamento confirmado',
        errorResponses: {
          400: INVOICE_MSG.numberInvalid,
          404: INVOICE_MSG.paymentNotFound,
          409: INVOICE_MSG.alreadyIssued,
        },
      },
    })
    .input(recordInvoiceNumberInput)
    .output(z.object({ success: z.literal(true), message: z.string(), number: z.string() }))
    .mutation(({ ctx: { services }, input }) => ({
      success: true as const,
      message: INVOICE_SCREEN_MSG.saved,
      ...recordManualInvoice(services, input.paymentId, input.number),
    })),
};
