/**
 * Refunds (admin): through the provider, completed at once or in progress (ADR 012). Each step is
 * a module-level function taking the named dependencies first.
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { payments, type Payment } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isSandbox } from '../providers';
import { ProviderError, type PaymentProvider, type RefundResult } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import { PAYMENT_MSG } from '../messages';
import type { HistoryDetails } from '../history';
import type { ConfirmationContext } from '../confirmation/context';
import { refundTarget, settleRefundFromCharge } from './disputes';
import { markRefunded } from './confirm-refund';

/** What refunds are built from, by name. */
export interface PaymentRefundsDeps extends ServiceDeps {
  provider: PaymentProvider;
  confirmation: ConfirmationContext;
  getById: (id: string) => Payment | undefined;
}

type RefundHistoryKind = 'refund_requested' | 'refund_answer';

/** The payment, if a refund may be asked for it now; otherwise the error the admin sees. */
function refundablePayment(
  { provider, getById, confirmation }: PaymentRefundsDeps,
  paymentId: string,
): Payment {
  const payment = getById(paymentId);
  if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
  if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.refundOnlyPaid);
  if (payment.refundStatus === 'processing') throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
  // A surplus ("Valor recebido a mais") is given back from its payment's charge.
  const { chargeId } = refundTarget(confirmation, payment);
  if (payment.provider !== provider.name || (!chargeId && !isSandbox(provider))) {
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

/** A refusal that stands (the charge is still paid): stored on the payment, and the admin's 502. */
function refused(deps: PaymentRefundsDeps, payment: Payment, why: string): never {
  const { db, clock, log } = deps;
  db.update(payments)
    .set({ refundStatus: 'failed', refundFailureReason: why, updatedAt: clock.now() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
    .run();
  recordHistory(deps, payment.id, 'refund_answer', { outcome: 'refused', reason: why });
  log.warn({ paymentId: payment.id, reason: why }, 'refund refused by the provider');
  throw new AppError('BAD_GATEWAY', why);
}

/** The provider's reading of the charge, or null when it cannot be had now. */
async function chargeNow(deps: PaymentRefundsDeps, payment: Payment, chargeId: string | null) {
  try {
    return await deps.provider.getCharge({ paymentId: payment.id, providerChargeId: chargeId });
  } catch (error) {
    deps.log.warn(
      { paymentId: payment.id, err: (error as Error).message },
      'charge read after a refund failed',
    );
    return null;
  }
}

/**
 * No refund answer, or a refusal: never "failed" on our own say. A lost answer (network, timeout,
 * 5xx) leaves the refund in progress ("Reembolso em processamento") for reconciliation to settle.
 * A refusal is checked against the charge: Pagar.me refuses a second cancel with "Charge can not
 * be canceled" when the first one went through, so a charge it reads as refunded completes the
 * refund; only a charge still paid makes the refusal stand (ADR 030).
 */
async function afterNoAnswer(
  deps: PaymentRefundsDeps,
  payment: Payment,
  error: unknown,
  request: { reason: string; adminId: string; chargeId: string | null },
): Promise<Payment> {
  const { confirmation, log } = deps;
  const why = error instanceof ProviderError ? error.message : PAYMENT_MSG.refundFailed;
  const lost = error instanceof ProviderError && error.outcomeUnknown;
  const charge = lost ? null : await chargeNow(deps, payment, request.chargeId);
  const reading = lost
    ? 'unknown'
    : settleRefundFromCharge(confirmation, payment, charge, request.reason, {
        kind: 'admin',
        id: request.adminId,
      });
  if (reading === 'paid') refused(deps, payment, why);
  if (reading === 'completed' || reading === 'chargedback') {
    recordHistory(deps, payment.id, 'refund_answer', { outcome: 'refused', reason: why });
    if (reading === 'completed') {
      confirmation.history.record({ paymentId: payment.id, source: 'admin', kind: 'refund_completed' });
    }
    return deps.getById(payment.id) as Payment;
  }
  // No answer, or an answer we cannot read yet: in progress until the provider says.
  markInProgress(deps, payment.id, request.reason, request.adminId);
  recordHistory(deps, payment.id, 'refund_answer', { outcome: lost ? 'unknown' : 'processing' });
  log.warn(
    { paymentId: payment.id, reason: why },
    'refund outcome unknown: in progress until the provider says',
  );
  return deps.getById(payment.id) as Payment;
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
 * Accepted but still in progress (a PIX refund), or its answer lost: the payment shows "Reembolso
 * em processamento" and nothing else changes until the provider says (webhook or reconciliation),
 * once. What is asked is what is left: the whole payment less a part given back in the provider's
 * dashboard; for a surplus, its amount from its payment's charge.
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
  const target = refundTarget(deps.confirmation, payment);
  const attempt = claimRefund(deps, paymentId);
  recordHistory(deps, paymentId, 'refund_requested', { attempt, reason: cleanReason, amount: target.amount });
  let result: RefundResult;
  try {
    result = await deps.provider.refund({
      paymentId: payment.id,
      providerChargeId: target.chargeId ?? '',
      amount: target.amount,
      attempt,
    });
  } catch (error) {
    return afterNoAnswer(deps, payment, error, { reason: cleanReason, adminId, chargeId: target.chargeId });
  }
  recordHistory(deps, paymentId, 'refund_answer', { outcome: result.status });
  if (result.status === 'refunded') {
    markRefunded(deps.confirmation, payment, cleanReason, { kind: 'admin', id: adminId });
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
  const reason = {
    duplicate: PAYMENT_MSG.duplicateRefundReason,
    underpaid: PAYMENT_MSG.underpaidRefundReason,
    overpaid: PAYMENT_MSG.overpaidRefundReason,
    cancelled_link: PAYMENT_MSG.cancelledLinkRefundReason,
  }[payment.extraCharge];
  return refund(deps, paymentId, reason, adminId);
}

export function createPaymentRefunds(deps: PaymentRefundsDeps) {
  return {
    refund: (paymentId: string, reason: string, adminId: string) => refund(deps, paymentId, reason, adminId),
    refundExtraCharge: (paymentId: string, adminId: string) => refundExtraCharge(deps, paymentId, adminId),
  };
}
