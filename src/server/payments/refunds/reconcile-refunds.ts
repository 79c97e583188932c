import { eq } from 'drizzle-orm';
import { payments, type Payment } from '../../db/schema';
import { PAYMENT_MSG } from '../messages';
import { PROVIDER } from '../../membership/subscribers/lifecycle';
import { paymentsPage, type ReconciliationContext } from '../reconciliation/context';
import { refundTarget, settleRefundFromCharge } from './disputes';
import { refundReverted } from './confirm-refund';

/**
 * One refund in progress read back: completed (given back, in full or the part asked), a chargeback,
 * reverted (the charge reads paid with nothing more given back: the refund did not go through, the
 * owner may ask again), or still in progress. A refund whose answer was lost is in progress too, so
 * this is also where it is settled.
 */
async function checkRefund(
  { provider, confirmation }: ReconciliationContext,
  payment: Payment,
): Promise<'completed' | 'reverted' | null> {
  const charge = await provider.getCharge({
    paymentId: payment.id,
    providerChargeId: refundTarget(confirmation, payment).chargeId,
  });
  const record = (kind: 'refund_completed' | 'refund_reverted') =>
    confirmation.history.record({ paymentId: payment.id, source: 'reconciliation', kind });
  const reading = settleRefundFromCharge(
    confirmation,
    payment,
    charge,
    PAYMENT_MSG.refundedByProvider,
    PROVIDER,
  );
  if (reading === 'completed' || reading === 'chargedback') {
    if (reading === 'completed') record('refund_completed');
    return 'completed';
  }
  if (reading === 'paid' && refundReverted(confirmation, payment.id)) {
    record('refund_reverted');
    return 'reverted';
  }
  return null;
}

/**
 * Refunds the provider accepted and had not completed: completed once it says so, or reverted when
 * the charge reads `paid` again (the refund did not go through; the owner may ask again).
 */
export async function reconcileRefunds(ctx: ReconciliationContext) {
  const { log } = ctx;
  const due = paymentsPage(
    ctx,
    'refunds',
    eq(payments.status, 'paid'),
    eq(payments.refundStatus, 'processing'),
  );
  let completed = 0;
  let reverted = 0;
  for (const payment of due) {
    try {
      const outcome = await checkRefund(ctx, payment);
      if (outcome === 'completed') completed++;
      else if (outcome === 'reverted') reverted++;
    } catch (error) {
      log.warn({ paymentId: payment.id, err: (error as Error).message }, 'refund reconciliation failed');
    }
  }
  return { completed, reverted };
}
