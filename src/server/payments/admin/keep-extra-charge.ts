/**
 * The owner's other decision on an extra charge (ADR 030, docs/decisions/054-month-close.md): keep
 * it as the club's money ("Manter cobrança extra") instead of refunding it. From then on it counts
 * as revenue (the view `payment_month_shares` reads `extra_charge_kept_at`) and leaves the month
 * close's "a decidir". Idempotent: a second click, or two at once, keep it once and say so.
 */
import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { payments, type Payment } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/deps';
import type { PaymentHistory } from '../history';
import { PAYMENT_MSG } from '../messages';

export interface KeepExtraChargeDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'log'> {
  history: PaymentHistory;
}

export interface KeepExtraChargeResult {
  payment: Payment;
  /** It was kept before this request: nothing changed. */
  alreadyKept: boolean;
}

/** Why this payment cannot be kept, or null when it can (or already was). */
function refusal(payment: Payment): string | null {
  if (!payment.extraCharge) return PAYMENT_MSG.keepExtraOnly;
  if (payment.extraChargeKeptAt) return null;
  if (payment.status === 'refunded') return PAYMENT_MSG.keepExtraRefunded;
  if (payment.status !== 'paid') return PAYMENT_MSG.keepExtraUnpaid;
  if (payment.refundStatus === 'processing') return PAYMENT_MSG.refundInProgress;
  return null;
}

/** Keeps a paid extra charge not yet decided; the payment's history records who decided. */
export function keepExtraCharge(
  { db, clock, log, history }: KeepExtraChargeDeps,
  paymentId: string,
  adminId: string,
): KeepExtraChargeResult {
  return db.transaction(() => {
    const payment = db.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    const why = refusal(payment);
    if (why) throw new AppError('CONFLICT', why);
    if (payment.extraChargeKeptAt) return { payment, alreadyKept: true };
    const now = clock.now();
    // The conditions again in the write: a refund claimed meanwhile wins, and nothing is kept.
    const [kept] = db
      .update(payments)
      .set({ extraChargeKeptAt: now, extraChargeKeptBy: adminId, updatedAt: now })
      .where(
        and(
          eq(payments.id, paymentId),
          isNotNull(payments.extraCharge),
          eq(payments.status, 'paid'),
          isNull(payments.extraChargeKeptAt),
          or(isNull(payments.refundStatus), ne(payments.refundStatus, 'processing')),
        ),
      )
      .returning()
      .all();
    if (!kept) throw new AppError('CONFLICT', PAYMENT_MSG.keepExtraChanged);
    history.record({
      paymentId,
      source: 'admin',
      kind: 'extra_charge_kept',
      details: { extra: payment.extraCharge, amount: payment.amount },
    });
    log.info({ paymentId }, 'extra charge kept by the owner');
    return { payment: kept, alreadyKept: false };
  });
}
