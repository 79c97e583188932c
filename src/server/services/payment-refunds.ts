/**
 * Refunds (admin): through the provider, completed at once or in progress (ADR 012). Each step is
 * a module-level function taking the named dependencies first.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../shared/checkout-schemas';
import { payments, type Payment } from '../db/schema';
import { AppError } from '../errors';
import { isSandbox } from '../providers/payment';
import { ProviderError, type PaymentProvider, type RefundResult } from '../providers/payment/types';
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

type RefundHistoryKind = 'refund_requested' | 'refund_answer';

/** The payment, if a refund may be asked for it now; otherwise the error the admin sees. */
function refundablePayment({ provider, getById }: PaymentRefundsDeps, paymentId: string): Payment {
  const payment = getById(paymentId);
  if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
  if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.refundOnlyPaid);
  if (payment.refundStatus === 'processing') throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
  if (payment.provider !== provider.name || (!payment.providerChargeId && !isSandbox(provider))) {
    throw new AppError('CONFLICT', PAYMENT_MSG.refundFailed);
  }
  return payment;
}

/**
 * Claimed before the provider is asked: two clicks cannot both send a refund. Each request is its
 * own attempt (its own idempotency key): asking again after a refund the provider gave up on is a
 * new request, not the old answer replayed (ADR 030). Returns the attempt's number.
 */
function claimRefund({ db, clock }: PaymentRefundsDeps, paymentId: string): number {
  const [claimed] = db
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
    .all();
  if (!claimed) throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
  return claimed.attempt;
}

function recordHistory(
  { confirmation }: PaymentRefundsDeps,
  paymentId: string,
  kind: RefundHistoryKind,
  details: HistoryDetails,
) {
  confirmation.history.record({ paymentId, source: 'admin', kind, details });
}

/** Asks the provider; a refusal is stored on the payment and becomes the admin's 502. */
async function askProvider(
  deps: PaymentRefundsDeps,
  payment: Payment,
  attempt: number,
): Promise<RefundResult> {
  const { db, clock, log, provider } = deps;
  try {
    return await provider.refund({
      paymentId: payment.id,
      providerChargeId: payment.providerChargeId ?? '',
      amount: payment.amount,
      attempt,
    });
  } catch (error) {
    const why = error instanceof ProviderError ? error.message : PAYMENT_MSG.refundFailed;
    db.update(payments)
      .set({ refundStatus: 'failed', refundFailureReason: why, updatedAt: clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
      .run();
    recordHistory(deps, payment.id, 'refund_answer', { outcome: 'refused', reason: why });
    log.warn({ paymentId: payment.id, err: (error as Error).message }, 'refund refused by the provider');
    throw new AppError('BAD_GATEWAY', why);
  }
}

/** Accepted but not done yet (a PIX refund): the payment waits for the provider to complete it. */
function markInProgress(
  { db, clock, log }: PaymentRefundsDeps,
  paymentId: string,
  reason: string,
  adminId: string,
) {
  const now = clock.now();
  db.update(payments)
    .set({
      refundStatus: 'processing',
      refundRequestedAt: now,
      refundReason: reason,
      refundedBy: adminId,
      refundFailureReason: null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
    .run();
  log.info({ paymentId }, 'refund accepted by the provider, in progress');
}

/**
 * Refunds a paid payment through the provider (reason required). Completed at once: recorded now.
 * Accepted but still in progress (a PIX refund): the payment shows "Reembolso em processamento"
 * and nothing else changes until the provider completes it (webhook or reconciliation), once.
 */
async function refund(
  deps: PaymentRefundsDeps,
  paymentId: string,
  reason: string,
  adminId: string,
): Promise<Payment> {
  const cleanReason = reason.trim();
  if (!cleanReason) throw new AppError('BAD_REQUEST', PAYMENT_MSG.refundReasonRequired);
  const payment = refundablePayment(deps, paymentId);
  const attempt = claimRefund(deps, paymentId);
  recordHistory(deps, paymentId, 'refund_requested', { attempt, reason: cleanReason });
  const result = await askProvider(deps, payment, attempt);
  recordHistory(deps, paymentId, 'refund_answer', { outcome: result.status });
  if (result.status === 'refunded') {
    deps.confirmation.markRefunded(payment, cleanReason, { kind: 'admin', id: adminId });
  } else {
    markInProgress(deps, paymentId, cleanReason, adminId);
  }
  return deps.getById(paymentId) as Payment;
}

/**
 * The owner's one click on an extra charge ("Cobrança duplicada", "Valor recebido a menor"): the
 * same refund, with the reason that says what it was. Only for an extra charge: the payment that
 * bought a period is refunded with a reason the owner writes.
 */
async function refundExtraCharge(
  deps: PaymentRefundsDeps,
  paymentId: string,
  adminId: string,
): Promise<Payment> {
  const payment = deps.getById(paymentId);
  if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
  if (!payment.extraCharge) throw new AppError('CONFLICT', PAYMENT_MSG.refundExtraOnly);
  const reason =
    payment.extraCharge === 'duplicate'
      ? PAYMENT_MSG.duplicateRefundReason
      : PAYMENT_MSG.underpaidRefundReason;
  return refund(deps, paymentId, reason, adminId);
}

export function createPaymentRefunds(deps: PaymentRefundsDeps) {
  return {
    refund: (paymentId: string, reason: string, adminId: string) => refund(deps, paymentId, reason, adminId),
    refundExtraCharge: (paymentId: string, adminId: string) => refundExtraCharge(deps, paymentId, adminId),
  };
}
