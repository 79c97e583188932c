/**
 * Receipts (docs/product/back-office-and-member-area.md, "Recibos"): a member reads the receipt of
 * any payment of theirs that was paid, an admin any payment's; as JSON for the printable page and
 * as a PDF to keep.
 */
import { RECEIPT_MSG, receiptFileName, receiptInput, receiptResponse } from '../../../shared/receipt';
import { downloadOutput } from '../../lib/download';
import { procedureFor } from '../../operations/procedure';
import type { Services } from '../../services';
import { readReceipt } from '../receipts/receipt';
import { receiptPdf } from '../receipts/receipt-pdf';

const TAG = ['recibos'];
const ACCESS_TEXT =
  'O confrade lê os recibos dos próprios pagamentos; um admin, os de qualquer pagamento. Um pagamento de ' +
  'outra pessoa responde 404, como um que não existe.';

const receiptDeps = (services: Services) => ({ db: services.db, settings: services.settings.get() });

export const receiptProcedures = {
  get: procedureFor('authenticated')
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/{paymentId}/receipt',
        tags: TAG,
        summary: 'Recibo de um pagamento confirmado (também de um reembolsado, que o recibo indica)',
        description: ACCESS_TEXT,
        errorResponses: { 404: RECEIPT_MSG.notFound },
      },
    })
    .input(receiptInput)
    .output(receiptResponse)
    .query(({ ctx: { services, user }, input }) => ({
      success: true as const,
      receipt: readReceipt(receiptDeps(services), input.paymentId, user),
    })),
};

/** REST only: a file is no tRPC answer. */
export const receiptRestProcedures = {
  pdf: procedureFor('authenticated')
    .meta({
      // Drawing a PDF costs far more than a JSON read.
      rateLimit: 'export',
      download: { contentType: 'application/pdf' },
      openapi: {
        method: 'GET',
        path: '/payments/{paymentId}/receipt.pdf',
        tags: TAG,
        summary: 'O recibo em PDF (A4), com as mesmas linhas do recibo para impressão',
        description: ACCESS_TEXT,
        errorResponses: { 404: RECEIPT_MSG.notFound },
      },
    })
    .input(receiptInput)
    .output(downloadOutput)
    .query(async ({ ctx: { services, user }, input }) => {
      const receipt = readReceipt(receiptDeps(services), input.paymentId, user);
      return { filename: receiptFileName(receipt), body: await receiptPdf(receipt) };
    }),
};
