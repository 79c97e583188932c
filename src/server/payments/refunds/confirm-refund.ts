/** Refunds seen from the payment's side: the period given back, and a refund that did not go through. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paymentLinks, payments, type Payment } from '../../db/schema';
import { PAYMENT_MSG } from '../messages';
import type { Actor } from '../../membership/subscribers/lifecycle';
import type { ConfirmationContext } from '../confirmation/context';
import { cancelForPayment } from '../../referrals/commissions';
import { requestInvoiceCancel } from '../../invoices/queue';

/**
 * For a payment recorded before periods were stored with it: it paid the current period when it
 * is the subscriber's latest paid (or refunded) payment, and not a second charge on a link
 * (which extended nothing).
 */
function paidCurrentPeriodBefore({ db }: ConfirmationContext, payment: Payment): boolean {
  if (payment.paymentLinkId) {
    const link = db
      .select({ paymentId: paymentLinks.paymentId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, payment.paymentLinkId))
      .get();
    if (link && link.paymentId !== payment.id) return false;
  }
  const latest = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subscriberId, payment.subscriberId),
        inArray(payments.status, ['paid', 'refunded']),
        isNull(payments.extraCharge),
      ),
    )
    .orderBy(desc(payments.paidAt))
    .get();
  return latest?.id === payment.id;
}

/** Whether the refunded payment still paid the subscriber's current period (an extra charge bought none). */
function paidCurrentPeriod(ctx: ConfirmationContext, row: Payment): boolean {
  if (row.extraCharge) return false;
  if (!row.periodEndDate) return paidCurrentPeriodBefore(ctx, row);
  const subscriber = ctx.statements.subscriberForPeriod.get({ id: row.subscriberId });
  return subscriber?.subscriptionEndDate?.getTime() === row.periodEndDate.getTime();
}

/**
 * What a paid payment bought, withdrawn once its money went back (a refund, or a chargeback: the
 * same rule), inside the transaction that moved it from `paid`: its commission cancelled, the
 * period given back when it is still the subscriber's (else a history line), and its service
 * invoice, if any, cancelled at the provider by the invoice pass.
 */
export function withdrawWhatItBought(
  ctx: ConfirmationContext,
  payment: Payment,
  reason: string,
  actor: Actor,
  now: Date,
) {
  cancelForPayment(ctx.referrals, payment.id, now);
  const row = ctx.db.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
  const entry = {
    subscriberId: payment.subscriberId,
    actor,
    reason: row.refundReason ?? reason,
    details: { paymentId: payment.id, amount: payment.amount },
  };
  // Its period is still the subscriber's: give exactly that period back. An extra charge
  // bought no period: refunding it changes nothing but itself.
  if (paidCurrentPeriod(ctx, row)) {
    ctx.lifecycle.apply({
      ...entry,
      event: 'refunded',
      set: {
        paymentStatus: 'refunded',
        ...(row.periodEndDate ? { subscriptionEndDate: row.previousEndDate } : {}),
      },
    });
  } else {
    ctx.lifecycle.record({ ...entry, event: 'payment_refunded' });
  }
  requestInvoiceCancel(ctx, payment.id);
}

/**
 * A paid payment refunded (by an admin, or announced by the provider): commission cancelled;
 * when it paid the current period, the subscriber is `cancelled` (docs/product/decisions.md §3.7) and the end
 * date goes back to what it was before that payment, so the next payment does not stack a year
 * on a period that was given back.
 */
export function markRefunded(
  ctx: ConfirmationContext,
  payment: Payment,
  reason: string,
  actor: Actor,
): boolean {
  const { db, clock, log } = ctx;
  const now = clock.now();
  return db.transaction(() => {
    // A refund an admin asked for and the provider completed later keeps the admin's reason.
    const claimed = db
      .update(payments)
      .set({
        status: 'refunded',
        refundReason: sql`coalesce(${payments.refundReason}, ${reason})`,
        refundedAt: now,
        refundedBy: sql`coalesce(${payments.refundedBy}, ${'id' in actor ? actor.id : null})`,
        refundStatus: null,
        // An earlier attempt's refusal is over: the payment no longer reads "Reembolso recusado".
        refundFailureReason: null,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
      .run();
    if (claimed.changes === 0) return false;
    withdrawWhatItBought(ctx, payment, reason, actor, now);
    log.info({ paymentId: payment.id }, 'payment refunded');
    return true;
  });
}

/**
 * A refund the provider accepted (`pending_refund`) whose charge is `paid` again: it did not go
 * through. The payment reads "Pago" again, with the reason, and the owner may ask once more.
 */
export function refundReverted({ db, clock }: ConfirmationContext, paymentId: string): boolean {
  return (
    db
      .update(payments)
      .set({
        refundStatus: 'failed',
        refundFailureReason: PAYMENT_MSG.refundReverted,
        updatedAt: clock.now(),
      })
      .where(
        and(eq(payments.id, paymentId), eq(payments.status, 'paid'), eq(payments.refundStatus, 'processing')),
      )
      .run().changes > 0
  );
}
