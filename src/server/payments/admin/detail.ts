/**
 * The owner's view of one payment (ADR 030):
 * the provider's order and charge ids, the attempts, the extra charges to refund and what happened,
 * so "was I charged twice?" has an answer without opening the database.
 */
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { AdminPaymentDetail } from '../../../shared/admin-schemas';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { payments, subscribers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/deps';
import type { PaymentHistory } from '../history';
import { toAdminPayment } from '../../reports/payment-rows';
import { adminInvoiceOf } from '../../invoices/read';

export function createPaymentDetail({ db, history }: Pick<ServiceDeps, 'db'> & { history: PaymentHistory }) {
  const withSubscriber = {
    payment: payments,
    fullName: subscribers.name,
    email: subscribers.email,
  };

  return {
    /** GET /admin/payments/:paymentId (admins only; the operation says so). */
    detail(paymentId: string): AdminPaymentDetail {
      const row = db
        .select(withSubscriber)
        .from(payments)
        .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
        .where(eq(payments.id, paymentId))
        .get();
      if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
      const { payment } = row;
      // This payment's extra charges, and a link's money received short before it had a payment.
      const extras = db
        .select(withSubscriber)
        .from(payments)
        .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
        .where(
          and(
            isNotNull(payments.extraCharge),
            or(
              eq(payments.extraChargeOf, payment.id),
              payment.paymentLinkId && !payment.extraCharge
                ? and(eq(payments.paymentLinkId, payment.paymentLinkId), isNull(payments.extraChargeOf))
                : undefined,
            ),
          ),
        )
        .orderBy(asc(payments.createdAt))
        .all();
      return {
        success: true,
        payment: {
          ...toAdminPayment(row),
          providerOrderId: payment.providerOrderId,
          providerChargeId: payment.providerChargeId,
          attempts: payment.attempt,
          paymentLinkId: payment.paymentLinkId,
        },
        extraCharges: extras.map(toAdminPayment),
        history: history
          .forPayment(payment.id, payment.paymentLinkId)
          .map(({ at, source, sourceLabel, text }) => ({ at, source, sourceLabel, text })),
        invoice: adminInvoiceOf(db, payment.id),
      };
    },
  };
}
