/** Refunds (admin): through the provider, completed at once or in progress (ADR 012). */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../shared/checkout-schemas';
import { payments, type Payment } from '../db/schema';
import { AppError } from '../errors';
import { isSandbox } from '../providers/payment';
import { ProviderError, type PaymentProvider } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import { PAYMENT_MSG } from './payment-messages';
import type { PaymentConfirmation } from './payment-confirmation';
import type { HistoryDetails } from './payment-history';

/** What refunds are built from, by name. */
export interface PaymentRefundsDeps extends ServiceDeps {
  provider: PaymentProvider;
  confirmation: PaymentConfirmation;
  getById: (id: string) => Payment | undefined;
}

export function createPaymentRefunds(deps: PaymentRefundsDeps) {
  const { db, clock, log, provider, confirmation, getById } = deps;
  const { history } = confirmation;

  /**
   * Refunds a paid payment through the provider (reason required). Completed at once: recorded now.
   * Accepted but still in progress (a PIX refund): the payment shows "Reembolso em processamento"
   * and nothing else changes until the provider completes it (webhook or reconciliation), once.
   */
  async function refund(paymentId: string, reason: string, adminId: string): Promise<Payment> {
    const cleanReason = reason.trim();
    if (!cleanReason) throw new AppError('BAD_REQUEST', PAYMENT_MSG.refundReasonRequired);
    const payment = getById(paymentId);
    if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.refundOnlyPaid);
    if (payment.refundStatus === 'processing') throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
    if (payment.provider !== provider.name || (!payment.providerChargeId && !isSandbox(provider))) {
      throw new AppError('CONFLICT', PAYMENT_MSG.refundFailed);
    }
    // Claimed before the provider is asked: two clicks cannot both send a refund. Each request is
    // its own attempt (its own idempotency key): asking again after a refund the provider gave up
    // on is a new request, not the old answer replayed (ADR 030).
    const claimed = db
      .update(payments)
      .set({
        refundAttempt: sql`${payments.refundAttempt} + 1`,
        refundStatus: 'processing',
        refundRequestedAt: clock.now(),
      })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'paid'),
          or(isNull(payments.refundStatus), ne(payments.refundStatus, 'processing')),
        ),
      )
      .returning({ attempt: payments.refundAttempt })
      .get();
    if (!claimed) throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
    const { attempt } = claimed;
    const record = (kind: 'refund_requested' | 'refund_answer', details: HistoryDetails) =>
      history.record({ paymentId, source: 'admin', kind, details });
    record('refund_requested', { attempt, reason: cleanReason });
    let result;
    try {
      result = await provider.refund({
        paymentId,
        providerChargeId: payment.providerChargeId ?? '',
        amount: payment.amount,
        attempt,
      });
    } catch (error) {
      const why = error instanceof ProviderError ? error.message : PAYMENT_MSG.refundFailed;
      db.update(payments)
        .set({ refundStatus: 'failed', refundFailureReason: why, updatedAt: clock.now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
        .run();
      record('refund_answer', { outcome: 'refused', reason: why });
      log.warn({ paymentId, err: (error as Error).message }, 'refund refused by the provider');
      throw new AppError('BAD_GATEWAY', why);
    }
    record('refund_answer', { outcome: result.status });
    const admin = { kind: 'admin', id: adminId } as const;
    if (result.status === 'refunded') {
      confirmation.markRefunded(payment, cleanReason, admin);
    } else {
      const now = clock.now();
      db.update(payments)
        .set({
          refundStatus: 'processing',
          refundRequestedAt: now,
          refundReason: cleanReason,
          refundedBy: adminId,
          refundFailureReason: null,
          updatedAt: now,
        })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
        .run();
      log.info({ paymentId }, 'refund accepted by the provider, in progress');
    }
    return getById(paymentId) as Payment;
  }

  /**
   * The owner's one click on an extra charge ("Cobrança duplicada", "Valor recebido a menor"): the
   * same refund, with the reason that says what it was. Only for an extra charge: the payment that
   * bought a period is refunded with a reason the owner writes.
   */
  async function refundExtraCharge(paymentId: string, adminId: string): Promise<Payment> {
    const payment = getById(paymentId);
    if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    if (!payment.extraCharge) throw new AppError('CONFLICT', PAYMENT_MSG.refundExtraOnly);
    const reason =
      payment.extraCharge === 'duplicate'
        ? PAYMENT_MSG.duplicateRefundReason
        : PAYMENT_MSG.underpaidRefundReason;
    return refund(paymentId, reason, adminId);
  }

  return { refund, refundExtraCharge };
}
