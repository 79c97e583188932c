import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { payments, type Payment } from '../../db/schema';
import { attemptStart } from '../confirmation/same-period';
import { BATCH, paymentsPage, type ReconciliationContext } from './context';

/**
 * An attempt with neither a charge nor a lost answer on file this long after it started: the
 * request never came back (the server stopped while it was under way), so its answer is lost.
 * Far above the adapter's own wait (two tries of 15 s).
 */
export const IN_FLIGHT_MS = 5 * 60 * 1000;

/** An attempt sent and never answered is "em verificação": looked up by our code like any lost answer. */
function markLost({ db, clock }: ReconciliationContext, payment: Payment): boolean {
  if (payment.providerChargeId || payment.verifyingSince) return false;
  if (clock.now().getTime() - attemptStart(payment).getTime() < IN_FLIGHT_MS) return false;
  return (
    db
      .update(payments)
      .set({ verifyingSince: clock.now() })
      .where(
        and(eq(payments.id, payment.id), eq(payments.status, 'pending'), isNull(payments.verifyingSince)),
      )
      .run().changes > 0
  );
}

/**
 * In-page charges (card or PIX) still pending, however old: an attempt stays visible here until
 * it is final (ADR 030). Each is asked about by its charge, or by our code when its answer was
 * lost; past its deadline it is cancelled only once the provider says it is unpaid.
 */
export async function reconcileCharges(ctx: ReconciliationContext) {
  const { log, verification } = ctx;
  const due = paymentsPage(ctx, 'charges', eq(payments.status, 'pending'), isNull(payments.paymentLinkId));
  let settled = 0;
  for (const payment of due) {
    try {
      markLost(ctx, payment);
      const outcome = await verification.check(payment.id, 'reconciliation');
      if (outcome === 'paid' || outcome === 'failed' || outcome === 'gave_up' || outcome === 'cancelled')
        settled++;
    } catch (error) {
      log.warn({ paymentId: payment.id, err: (error as Error).message }, 'charge reconciliation failed');
    }
  }
  return { checked: due.length, settled };
}

/**
 * Attempts cancelled at their deadline, asked about once more (a PIX paid at the last second whose
 * webhook was lost). Read before the pending walk of the same pass, so the second look comes at
 * least one pass after the cancel.
 */
export async function recheckDeadlineCancels(ctx: ReconciliationContext) {
  const { db, provider, log, verification } = ctx;
  const due = db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.deadlineCancelledAt),
        eq(payments.status, 'cancelled'),
        eq(payments.provider, provider.name),
      ),
    )
    .orderBy(asc(payments.deadlineCancelledAt))
    .limit(BATCH)
    .all();
  let confirmed = 0;
  for (const payment of due) {
    try {
      if (await verification.recheckCancelled(payment)) confirmed++;
    } catch (error) {
      log.warn({ paymentId: payment.id, err: (error as Error).message }, 'second look at a cancel failed');
    }
  }
  return { checked: due.length, confirmed };
}
