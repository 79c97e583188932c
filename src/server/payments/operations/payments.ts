/**
 * The back office's payment operations: the payments list, links for a subscriber, refunds, the
 * dashboard's figures and the provider's status (docs/product/back-office-and-member-area.md §7).
 */
import { saoPauloCalendarDay } from '../../../shared/sao-paulo-time';
import { z } from 'zod';
import {
  ADMIN_MSG,
  adminPayment,
  adminPaymentDetail,
  dashboardFigures,
  paymentExportInput,
  paymentListInput,
  refundReasonInput,
} from '../../../shared/admin-schemas';
import { CHECKOUT_MSG, paymentLinkDetails } from '../../../shared/checkout-schemas';
import { PAYMENT_STATUSES, PLAN_TYPES } from '../../../shared/plans';
import { SUBSCRIBER_MSG } from '../../../shared/subscriber-schemas';
import type { Payment } from '../../db/schema';
import { PAYMENT_MSG } from '../messages';
import { procedureFor, type Meta } from '../../operations/procedure';
import { CSV_DOWNLOAD, EXCEL_CSV_DESCRIPTION, downloadOutput } from '../../lib/download';
import { pagination } from '../../lib/output';
import { paymentProviderStatus } from '../../system/operations';
import { dashboard as adminReportsDashboard } from '../../reports/dashboard';
import { listPayments, exportPayments } from '../../reports/payment-list';
import { createForSubscriber } from '../links/create-link';
import { sendByWhatsApp } from '../links/member-links';
import { openLinksOf, cancelByAdmin, LINK_CANCEL_MSG } from '../links/void-link';
import { toLinkDetails } from '../links/link-details';
import { keepExtraCharge } from '../admin/keep-extra-charge';
import { recordId } from '../../../shared/record-id';

const TAG = ['admin: pagamentos'];

const DASHBOARD_REST: NonNullable<Meta['openapi']> = {
  method: 'GET',
  path: '/admin/dashboard',
  tags: ['admin: dashboard'],
  summary: 'Números do dashboard: membros, aprovações, receita, renovação, gráficos de 12 meses',
};

const refundOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  refundStatus: z.enum(['processing', 'failed']).nullable(),
  refundedAt: z.string().nullable(),
});

/** A refund's answer: done, or accepted and in progress at the provider. */
const refundAnswer = (payment: Payment): z.input<typeof refundOutput> => ({
  success: true as const,
  message: payment.status === 'refunded' ? ADMIN_MSG.refundDone : ADMIN_MSG.refundStarted,
  id: payment.id,
  status: payment.status,
  refundStatus: payment.refundStatus,
  refundedAt: payment.refundedAt?.toISOString() ?? null,
});

export const paymentProcedures = {
  /** `{ payments, pagination }`: filters status, method, search; sort createdAt, amount, status. */
  list: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments',
        tags: TAG,
        summary: 'Lista pagamentos (status, method, search; sortBy, sortOrder; page, limit)',
      },
    })
    .input(paymentListInput)
    .output(z.object({ success: z.literal(true), payments: z.array(adminPayment), pagination }))
    .query(({ ctx: { services }, input }) => listPayments(services.adminReports, input)),

  /**
   * A renewal or new-subscription link for a subscriber (renewal only for approved ones), sent by
   * WhatsApp through the outbox when asked.
   */
  createLinkForSubscriber: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payment-links/create-for-subscriber',
        tags: TAG,
        summary: 'Gera um link de pagamento (anual ou renovação) para um assinante',
        errorResponses: { 404: SUBSCRIBER_MSG.notFound },
      },
    })
    .input(
      z.object({
        subscriberId: recordId,
        planType: z.enum(PLAN_TYPES).default('annual'),
        sendWhatsApp: z.boolean().default(false),
      }),
    )
    .output(
      z.object({
        success: z.literal(true),
        paymentLink: paymentLinkDetails,
        whatsAppQueued: z.boolean(),
      }),
    )
    .mutation(async ({ ctx: { services, user }, input }) => {
      const link = await createForSubscriber(
        services.paymentLinks,
        input.subscriberId,
        input.planType,
        user.id,
      );
      const whatsAppQueued = input.sendWhatsApp ? sendByWhatsApp(services.paymentLinks, link) : false;
      return {
        success: true as const,
        paymentLink: toLinkDetails(link, services.clock.now()),
        whatsAppQueued,
      };
    }),

  /** A subscriber's open links (payable, or "em verificação" past their deadline), newest first (the "Cancelar link" list of the back office). */
  openLinks: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers/{subscriberId}/open-payment-links',
        tags: TAG,
        summary:
          'Links de pagamento em aberto de um assinante: ainda pagáveis, ou em verificação após o prazo (mais recentes primeiro)',
      },
    })
    .input(z.object({ subscriberId: recordId }))
    .output(z.object({ success: z.literal(true), paymentLinks: z.array(paymentLinkDetails) }))
    .query(({ ctx: { services }, input }) => ({
      success: true as const,
      paymentLinks: openLinksOf(services.paymentLinks, input.subscriberId),
    })),

  /**
   * Voids a link nobody paid (ADR 029): asked of the provider first; idempotent (a replay
   * answers the cancelled link again); audited in the activity log.
   */
  cancelLink: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payment-links/{id}/cancel',
        tags: TAG,
        summary: 'Cancela um link de pagamento em aberto (no provedor e no cadastro)',
        description:
          'Repetir o pedido responde o mesmo link cancelado (`alreadyCancelled: true`). Se o provedor não ' +
          'confirmar o cancelamento, o link continua em aberto, em verificação (502), e o pedido pode ser ' +
          'repetido. Um link pago antes do cancelamento tem o pagamento registrado (409).',
        errorResponses: {
          404: CHECKOUT_MSG.paymentLinkNotFound,
          409: `${CHECKOUT_MSG.paymentLinkAlreadyPaid} | ${LINK_CANCEL_MSG.paidFirst}`,
          502: LINK_CANCEL_MSG.verifying,
        },
      },
    })
    .input(z.object({ id: recordId }))
    .output(
      z.object({
        success: z.literal(true),
        message: z.string(),
        alreadyCancelled: z.boolean(),
        paymentLink: paymentLinkDetails,
      }),
    )
    .mutation(async ({ ctx: { services, user }, input }) => ({
      success: true as const,
      ...(await cancelByAdmin(services.paymentLinks, input.id, user.id)),
    })),

  dashboard: procedureFor('admin')
    .meta({ openapi: DASHBOARD_REST })
    .output(dashboardFigures)
    .query(({ ctx: { services } }) => adminReportsDashboard(services.adminReports)),

  // The payment detail and the one-click refund of an extra charge (ADR 030).
  /** The provider's ids, the attempts, extra charges and the history of one payment. */
  detail: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments/{paymentId}',
        tags: TAG,
        summary: 'Detalhe de um pagamento: ids no provedor, tentativas, cobranças extras e histórico',
        errorResponses: { 404: 'Pagamento não encontrado' },
      },
    })
    .input(z.object({ paymentId: recordId }))
    .output(adminPaymentDetail)
    .query(({ ctx: { services }, input }) => services.paymentDetail.detail(input.paymentId)),

  /**
   * Refunds a "cobrança duplicada" or a "valor recebido a menor" in one click, through the same
   * refund path, with the reason that says what it was. Only for those: 409 otherwise.
   */
  refundExtraCharge: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/{paymentId}/refund-extra-charge',
        tags: TAG,
        summary: 'Reembolsa em um clique uma cobrança duplicada ou um valor recebido a menor',
        errorResponses: { 404: 'Pagamento não encontrado', 409: PAYMENT_MSG.refundExtraOnly },
      },
    })
    .input(z.object({ paymentId: recordId }))
    .output(refundOutput)
    .mutation(async ({ ctx: { services, user }, input }) =>
      refundAnswer(await services.payments.refundExtraCharge(input.paymentId, user.id)),
    ),

  /**
   * Keeps an extra charge as the club's money (the other decision on it): it counts as revenue from
   * then on. Idempotent: a replay answers `alreadyKept: true` and changes nothing.
   */
  keepExtraCharge: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/{paymentId}/keep-extra-charge',
        tags: TAG,
        summary: 'Mantém uma cobrança extra paga como receita do clube (em vez de reembolsá-la)',
        description:
          'Repetir o pedido responde a mesma cobrança mantida (`alreadyKept: true`) sem mudar nada. ' +
          'Recusado (409) para um pagamento que não é cobrança extra, reembolsado, não pago ou com ' +
          'reembolso em processamento.',
        errorResponses: {
          404: 'Pagamento não encontrado',
          409: `${PAYMENT_MSG.keepExtraOnly} | ${PAYMENT_MSG.keepExtraRefunded} | ${PAYMENT_MSG.keepExtraUnpaid} | ${PAYMENT_MSG.refundInProgress}`,
        },
      },
    })
    .input(z.object({ paymentId: recordId }))
    .output(
      z.object({
        success: z.literal(true),
        message: z.string(),
        id: z.string(),
        alreadyKept: z.boolean(),
        keptAt: z.string(),
      }),
    )
    .mutation(({ ctx: { services, user }, input }) => {
      const { payment, alreadyKept } = keepExtraCharge(
        { db: services.db, clock: services.clock, log: services.log, history: services.paymentHistory },
        input.paymentId,
        user.id,
      );
      return {
        success: true as const,
        message: alreadyKept ? ADMIN_MSG.keepExtraAlready : ADMIN_MSG.keepExtraDone,
        id: payment.id,
        alreadyKept,
        keptAt: (payment.extraChargeKeptAt as Date).toISOString(),
      };
    }),

  refund: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/{paymentId}/refund',
        tags: TAG,
        summary: 'Reembolsa um pagamento pago pelo provedor (motivo obrigatório)',
        errorResponses: {
          400: PAYMENT_MSG.refundReasonRequired,
          404: 'Pagamento não encontrado',
          409: PAYMENT_MSG.refundOnlyPaid,
        },
      },
    })
    .input(refundReasonInput.extend({ paymentId: recordId }))
    .output(refundOutput)
    .mutation(async ({ ctx: { services, user }, input }) =>
      refundAnswer(await services.payments.refund(input.paymentId, input.reason, user.id)),
    ),

  /** Same check as the public /test-api panel, secrets scrubbed by the same service. */
  providerStatus: procedureFor('admin')
    .output(paymentProviderStatus)
    .query(({ ctx: { services } }) => services.diagnostics.paymentProvider()),
};

/** REST only: a file, and the dashboard's figures under their other documented path. */
export const paymentRestProcedures = {
  /** The list's filtered payments as a spreadsheet (UTF-8 CSV with BOM), streamed from the database. */
  exportCsv: procedureFor('admin')
    .meta({
      ...CSV_DOWNLOAD,
      openapi: {
        method: 'GET',
        path: '/admin/payments/export.csv',
        tags: TAG,
        summary: 'Exporta em CSV os pagamentos filtrados (status, method, search; sortBy, sortOrder)',
        description:
          `${EXCEL_CSV_DESCRIPTION} dd/mm/aaaa hh:mm no horário de São Paulo e, ao ` +
          'final, as mesmas datas em ISO 8601 (criado_em_iso, pago_em_iso).',
      },
    })
    .input(paymentExportInput)
    .output(downloadOutput)
    .query(({ ctx: { services, user }, input }) => {
      // Payers' names and e-mails leave the club: the activity log keeps who took them (ADR 029).
      services.activityLog.record({
        action: 'payments_exported',
        actor: { kind: 'admin', id: user.id },
        details: {
          status: input.status,
          method: input.method,
          search: input.search !== '',
          createdWithinDays: input.createdWithinDays ?? null,
        },
      });
      return {
        filename: `pagamentos-${saoPauloCalendarDay(services.clock.now())}.csv`,
        body: exportPayments(services.adminReports, input),
      };
    }),

  /** The same figures under the other documented path. */
  stats: procedureFor('admin')
    .meta({ openapi: { ...DASHBOARD_REST, path: '/admin/stats' } })
    .output(dashboardFigures)
    .query(({ ctx: { services } }) => adminReportsDashboard(services.adminReports)),
};
