/**
 * The owner's month close in the back office (docs/decisions/054-month-close.md): the figures, the
 * payments behind each, and the accountant's CSV.
 */
import { z } from 'zod';
import {
  monthCloseAnswer,
  monthCloseInput,
  monthClosePayment,
  monthClosePaymentsInput,
} from '../../../shared/month-close-schemas';
import { procedureFor } from '../../operations/procedure';
import { CSV_DOWNLOAD, EXCEL_CSV_DESCRIPTION, downloadOutput } from '../../lib/download';
import { pagination } from '../../lib/output';
import { exportMonthClose, monthClose, monthClosePayments } from '../month-close';

const TAG = ['admin: fechamento do mês'];

export const monthCloseProcedures = {
  /** Gross, refunds, extra charges, chargebacks, fees and net of one São Paulo month, by channel. */
  figures: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/month-close',
        tags: TAG,
        summary:
          'Fechamento do mês (month=aaaa-mm, horário de São Paulo): bruto, reembolsos, extras, taxas, líquido',
        description:
          'Pagamentos pagos no mês e o que aconteceu com eles, por canal (card, pix, link). Valores em ' +
          'centavos; `net` é null enquanto alguma taxa do provedor não foi informada (`feesUnknown`).',
      },
    })
    .input(monthCloseInput)
    .output(monthCloseAnswer)
    .query(({ ctx: { services }, input }) => monthClose(services.adminReports, input.month)),

  /** The payments behind one figure (optionally of one channel), newest first. */
  payments: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/month-close/payments',
        tags: TAG,
        summary: 'Pagamentos por trás de um número do fechamento (month, figure, channel; page, limit)',
      },
    })
    .input(monthClosePaymentsInput)
    .output(z.object({ payments: z.array(monthClosePayment), pagination }))
    .query(({ ctx: { services }, input }) => monthClosePayments(services.adminReports, input)),
};

/** REST only: a file is no tRPC answer. */
export const monthCloseRestProcedures = {
  /** The accountant's CSV: one line per payment paid in the month. */
  exportCsv: procedureFor('admin')
    .meta({
      ...CSV_DOWNLOAD,
      openapi: {
        method: 'GET',
        path: '/admin/month-close/export.csv',
        tags: TAG,
        summary: 'Exporta em CSV para o contador os pagamentos do mês (month=aaaa-mm)',
        description:
          `${EXCEL_CSV_DESCRIPTION} dd/mm/aaaa no horário de São Paulo; taxa, ` +
          'líquido e previsão de repasse dizem "a confirmar" enquanto o provedor não os informou.',
      },
    })
    .input(monthCloseInput)
    .output(downloadOutput)
    .query(({ ctx: { services, user }, input }) => {
      // Payers' names leave the club: the activity log keeps who took them (ADR 029).
      services.activityLog.record({
        action: 'month_close_exported',
        actor: { kind: 'admin', id: user.id },
        details: { month: input.month },
      });
      return {
        filename: `fechamento-${input.month}.csv`,
        body: exportMonthClose(services.adminReports, input.month),
      };
    }),
};
