/** Where an in-page attempt stands: the PIX screen's poll and the answers. */
import { and, eq, sql } from 'drizzle-orm';
import {
  CHECKOUT_MSG,
  type PaymentStatusResponse,
  type ProcessPaymentResponse,
} from '../../../shared/checkout-schemas';
import { payments, type Payment } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PAYMENT_MSG } from '../messages';
import type { InPageContext } from './context';
import { PROVIDER_CHECK_INTERVAL_MS } from '../links/link-details';

const CHECKOUT_STATUS: Record<Payment['status'], PaymentStatusResponse['status']> = {
  paid: 'completed',
  pending: 'pending',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * GET /payments/status/:id: polled every 5 s by the PIX screen. An attempt in verification, or a
 * PIX past its deadline, is asked about (at most once a minute, in the background: the next poll
 * sees the answer); a deadline cancels only once the provider says the PIX is unpaid.
 */
export function status(ctx: InPageContext, id: string): PaymentStatusResponse {
  const { clock, log, verification } = ctx;
  const row = ctx.statusQuery.get({ id });
  if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
  const current = row.status;
  const now = clock.now().getTime();
  const overdue = row.pixExpiresAt !== null && row.pixExpiresAt.getTime() <= now;
  if (
    current === 'pending' &&
    (row.verifyingSince || overdue) &&
    (!row.checkedAt || now - row.checkedAt.getTime() > PROVIDER_CHECK_INTERVAL_MS)
  ) {
    verification.check(id, 'tracking').catch((error: unknown) => {
      log.warn({ paymentId: id, err: (error as Error).message }, 'payment lookup failed');
    });
  }
  return {
    status: CHECKOUT_STATUS[current],
    paymentId: row.id,
    amount: row.amount,
    method: row.method,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    subscriptionEndDate:
      current === 'paid' && row.subscriptionEndDate ? row.subscriptionEndDate.toISOString() : null,
    ...(current === 'pending' && row.verifyingSince ? { verifying: true as const } : {}),
  };
}

/** The answer of an attempt the provider approved. */
export function completed(ctx: InPageContext, paymentId: string): ProcessPaymentResponse {
  return {
    success: true,
    paymentId,
    message: CHECKOUT_MSG.paymentApproved,
    status: 'completed',
    subscriptionEndDate: status(ctx, paymentId).subscriptionEndDate,
  };
}

/**
 * The provider's answer was lost: the attempt stays pending, "em verificação", and the customer
 * is told not to pay again (ADR 030). Reconciliation, the status poll or a retry of this same
 * payment look its order up by our code.
 */
export function verifying(ctx: InPageContext, paymentId: string): ProcessPaymentResponse {
  markAnswerLost(ctx, paymentId, 'checkout');
  const current = ctx.getById(paymentId);
  if (current?.status === 'paid') return completed(ctx, paymentId);
  return { success: true, paymentId, message: PAYMENT_MSG.verifying, status: 'pending', verifying: true };
}

/**
 * Marks a pending attempt "em verificação" (once: the first loss is when it started) and writes
 * it in its history. Shared by the in-page checkout and the automatic renewal's charges.
 */
export function markAnswerLost(
  ctx: Pick<InPageContext, 'db' | 'clock' | 'history'>,
  paymentId: string,
  source: 'checkout' | 'renewal',
): void {
  const { db, clock } = ctx;
  const marked = db
    .update(payments)
    .set({
      verifyingSince: sql`coalesce(${payments.verifyingSince}, ${clock.now().getTime()})`,
      // The adapter has just retried: the status page asks again in a minute, not at once.
      checkedAt: clock.now(),
      updatedAt: clock.now(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .run();
  if (marked.changes > 0) ctx.history.record({ paymentId, source, kind: 'answer_lost' });
}
