/** An in-page charge's outcomes: paid (once), failed, or a PIX not paid in time. */
import { and, eq, inArray } from 'drizzle-orm';
import { payments, type Payment } from '../../db/schema';
import type { ChargeResult } from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import { afterPaid } from './after-paid';
import { chargeFields, foreignCharge, paidInFull, paidLess } from './charges';
import type { ConfirmationContext } from './context';
import { recordSurplus } from '../refunds/disputes';
import { extraResult, extraSuffix, recordExtraCharge, reportExtraCharge } from './extra-charge';
import type { ConfirmResult } from './result';
import { attemptStart, paidSince } from './same-period';

type Received = ChargeResult & { amount: number };

/** The statuses an attempt may still be claimed from. */
const CLAIMABLE = ['pending', 'failed', 'cancelled'] as const;

/** Money paid short: recorded apart for the owner to refund, and the attempt fails with the reason. */
function failUnderpaid(
  ctx: ConfirmationContext,
  payment: Payment,
  current: Payment,
  charge: Received,
  at: { paidAt: Date; now: Date },
): ConfirmResult {
  const extra = recordExtraCharge(ctx, {
    kind: 'underpaid',
    charge,
    due: payment.amount,
    of: current,
    link: null,
    paidAt: at.paidAt,
  });
  ctx.db
    .update(payments)
    .set({
      status: 'failed',
      failureReason: PAYMENT_MSG.underpaid(charge.amount, payment.amount),
      verifyingSince: null,
      updatedAt: at.now,
    })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, CLAIMABLE)))
    .run();
  return extraResult('underpaid', extra);
}

/** Claims the attempt as paid (once), keeping what was on file where the charge does not say. */
function claimPaid(
  { db }: ConfirmationContext,
  payment: Payment,
  charge: Received,
  at: { paidAt: Date; now: Date },
): boolean {
  const known = chargeFields(charge);
  const claimed = db
    .update(payments)
    .set({
      status: 'paid',
      paidAt: at.paidAt,
      confirmedAt: at.now,
      failureReason: null,
      verifyingSince: null,
      deadlineCancelledAt: null,
      updatedAt: at.now,
      method: known.method ?? payment.method,
      cardBrand: known.cardBrand ?? payment.cardBrand,
      cardLast4: known.cardLast4 ?? payment.cardLast4,
      transactionId: known.transactionId ?? payment.transactionId,
      providerOrderId: known.providerOrderId ?? payment.providerOrderId,
      providerChargeId: known.providerChargeId ?? payment.providerChargeId,
    })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, CLAIMABLE)))
    .run();
  return claimed.changes > 0;
}

/**
 * The attempt was started for a period another payment has bought since: its money is claimed on
 * the attempt's own row as a "cobrança duplicada" of that payment (no period, commission or
 * e-mail), for the owner to refund in one click.
 */
function claimDuplicate(
  ctx: ConfirmationContext,
  current: Payment,
  charge: Received,
  bought: Payment,
  at: { paidAt: Date; now: Date },
): ConfirmResult {
  const claimed = ctx.db
    .update(payments)
    .set({
      ...chargeFields(charge),
      method: charge.method ?? current.method,
      cardBrand: charge.cardBrand ?? current.cardBrand,
      cardLast4: charge.cardLast4 ?? current.cardLast4,
      amount: charge.amount,
      status: 'paid',
      paidAt: at.paidAt,
      failureReason: null,
      verifyingSince: null,
      deadlineCancelledAt: null,
      extraCharge: 'duplicate',
      extraChargeOf: bought.id,
      description: `${current.description} (${extraSuffix('duplicate')})`,
      updatedAt: at.now,
    })
    .where(and(eq(payments.id, current.id), inArray(payments.status, CLAIMABLE)))
    .run();
  if (claimed.changes === 0) return { confirmed: false, reason: 'already' };
  reportExtraCharge(
    ctx,
    { kind: 'duplicate', charge, due: current.amount, of: bought, link: null, paidAt: at.paidAt },
    current.id,
  );
  return extraResult('duplicate', { id: current.id });
}

/** Inside the transaction: the charge checked against what is on file now, then claimed or set apart. */
function settlePayment(
  ctx: ConfirmationContext,
  payment: Payment,
  charge: Received,
  at: { paidAt: Date; now: Date; paidShort: boolean },
): ConfirmResult {
  const { db, log } = ctx;
  if (foreignCharge(ctx, payment.provider, charge, { paymentId: payment.id })) {
    log.error(
      { paymentId: payment.id, chargeId: charge.providerChargeId },
      'charge of another payment: not moved',
    );
    return { confirmed: false, reason: 'foreign' };
  }
  const current = db.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
  const sameCharge = !charge.providerChargeId || charge.providerChargeId === current.providerChargeId;
  if (current.status === 'paid' || current.status === 'refunded') {
    if (sameCharge) return { confirmed: false, reason: 'already' };
    const extra = recordExtraCharge(ctx, {
      kind: 'duplicate',
      charge,
      due: payment.amount,
      of: current,
      link: null,
      paidAt: at.paidAt,
    });
    return extraResult('duplicate', extra);
  }
  if (at.paidShort) return failUnderpaid(ctx, payment, current, charge, at);
  const bought = paidSince(ctx, current.subscriberId, attemptStart(current), current.id);
  if (bought) return claimDuplicate(ctx, current, charge, bought, at);
  if (!claimPaid(ctx, payment, charge, at)) return { confirmed: false, reason: 'already' } as const;
  afterPaid(ctx, payment, at.paidAt, charge);
  // Paid with more than due (Pagar.me `overpaid`): the surplus is set apart for the owner to refund.
  recordSurplus(ctx, current, charge, at.paidAt);
  log.info({ paymentId: payment.id }, 'payment confirmed');
  return { confirmed: true, paymentId: payment.id } as const;
}

/**
 * Confirms an in-page charge, once. Money that arrives after a PIX expired still counts. A second,
 * different paid charge for a payment already paid is a "cobrança duplicada"; a charge paid with
 * less than due fails the attempt and records what was received; both for the owner to refund.
 */
export function confirmPayment(
  ctx: ConfirmationContext,
  payment: Payment,
  charge: ChargeResult | null,
): ConfirmResult {
  const paidShort = paidLess(charge, payment.amount);
  if (!paidInFull(charge, payment.amount) && !paidShort) {
    ctx.log.error(
      { paymentId: payment.id, paid: charge?.amount ?? null, expected: payment.amount },
      'charge without its paid amount: not confirmed',
    );
    return { confirmed: false, reason: 'amount' };
  }
  const received: Received = charge;
  const now = ctx.clock.now();
  const paidAt = received.paidAt ?? now;
  return ctx.db.transaction(() => settlePayment(ctx, payment, received, { paidAt, now, paidShort }));
}

/**
 * A pending attempt that failed. The subscriber shows `failed` only when this attempt really
 * changed (not for a late failure of an attempt already paid or settled), in the same transaction.
 */
export function failPayment(
  { db, clock }: ConfirmationContext,
  paymentId: string,
  charge: ChargeResult | null,
  reason?: string | null,
): boolean {
  const now = clock.now();
  return db.transaction(() => {
    const failed = db
      .update(payments)
      .set({
        status: 'failed',
        failureReason: reason ?? charge?.failureReason ?? null,
        cardBrand: charge?.cardBrand ?? undefined,
        cardLast4: charge?.cardLast4 ?? undefined,
        verifyingSince: null,
        updatedAt: now,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning({ subscriberId: payments.subscriberId })
      .get();
    // Only the attempt is marked: see recordLinkFailure.
    return failed !== undefined;
  });
}

/**
 * An attempt that will not be paid: its charge was cancelled, or its deadline passed and the
 * provider said it is unpaid (`atDeadline`: reconciliation then asks about it once more).
 */
export function cancelPayment(
  { db, clock }: ConfirmationContext,
  paymentId: string,
  options: { atDeadline?: boolean } = {},
): boolean {
  const now = clock.now();
  return (
    db
      .update(payments)
      .set({
        status: 'cancelled',
        verifyingSince: null,
        updatedAt: now,
        ...(options.atDeadline ? { deadlineCancelledAt: now } : {}),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .run().changes > 0
  );
}
