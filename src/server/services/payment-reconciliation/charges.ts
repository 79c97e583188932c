import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { PAYMENT_LINK_TTL_HOURS } from '../../../shared/plans';
import { payments, type Payment } from '../../db/schema';
import { after, BATCH, page, type ReconciliationContext } from './context';

const HOUR_MS = 60 * 60 * 1000;

/** A pending charge read back by its id: settled as its webhook would have done. */
async function checkCharge(
  { provider, confirmation }: ReconciliationContext,
  payment: Payment,
): Promise<boolean> {
  const charge = await provider.getCharge({
    paymentId: payment.id,
    providerChargeId: payment.providerChargeId,
  });
  let change: string | null = null;
  if (charge?.status === 'paid') {
    const result = confirmation.confirmPayment(payment, charge);
    change = result.confirmed ? 'confirmed' : result.reason === 'already' ? null : result.reason;
  } else if (charge?.status === 'failed') {
    change = confirmation.failPayment(payment.id, charge) ? 'failed' : null;
  } else if (charge?.status === 'refunded' || charge?.status === 'cancelled') {
    // Cancelled before it was paid (a PIX that expired): this attempt only.
    change = confirmation.cancelPayment(payment.id) ? 'cancelled' : null;
  }
  if (!change) return false;
  confirmation.history.record({
    paymentId: payment.id,
    source: 'reconciliation',
    kind: 'charge_check',
    details: { outcome: charge?.status ?? null, change, chargeId: charge?.providerChargeId ?? null },
  });
  return change === 'confirmed' || change === 'failed' || change === 'cancelled';
}

/** In-page charges (card or PIX) still pending, created within a link's validity. */
export async function reconcileCharges(ctx: ReconciliationContext, now: Date) {
  const { db, provider, log, verification } = ctx;
  const due = page(ctx, 'charges', (cursor) =>
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.provider, provider.name),
          isNull(payments.paymentLinkId),
          gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LINK_TTL_HOURS * HOUR_MS)),
          after(cursor, payments),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(BATCH)
      .all(),
  );
  let settled = 0;
  for (const payment of due) {
    try {
      if (payment.verifyingSince) {
        const outcome = await verification.lookUp(payment.id, 'reconciliation');
        if (outcome === 'paid' || outcome === 'failed' || outcome === 'gave_up') settled++;
      } else if (await checkCharge(ctx, payment)) settled++;
    } catch (error) {
      log.warn({ paymentId: payment.id, err: (error as Error).message }, 'charge reconciliation failed');
    }
  }
  return { checked: due.length, settled };
}
