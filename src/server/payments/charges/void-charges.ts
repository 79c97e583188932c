/**
 * An erasure's pass over the person's in-page charges nobody paid (ADR 029): anyone can start
 * one for any e-mail on the old checkout (`POST /payments/process`), so a pending charge must not
 * hold an erasure up for 48 hours. Each is voided at the provider and closed on file only once the
 * provider's own state says so (read back through the payment verification). A charge the provider
 * could not be asked about, or whose answer was lost, stays pending "em verificação" (the caller
 * stops and asks again later); one paid first is recorded as paid, never dropped or refunded.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { payments, type Payment } from '../../db/schema';
import type { InPageContext } from './context';

export type ChargeVoidOutcome = 'cancelled' | 'paid' | 'verifying';

/** The provider gave no usable answer: the charge stays pending, "em verificação", until asked again. */
function markVerifying(ctx: InPageContext, paymentId: string) {
  const { db, clock } = ctx;
  const marked = db
    .update(payments)
    .set({
      verifyingSince: sql`coalesce(${payments.verifyingSince}, ${clock.now().getTime()})`,
      updatedAt: clock.now(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .run();
  if (marked.changes > 0) ctx.history.record({ paymentId, source: 'admin', kind: 'answer_lost' });
}

/** Where the row stands now, as this pass reports it (a row left pending after asking is marked). */
function outcomeOf(ctx: InPageContext, paymentId: string, asked: boolean): ChargeVoidOutcome {
  const status = ctx.getById(paymentId)?.status;
  if (status === 'paid') return 'paid';
  if (status === 'pending') {
    if (asked) markVerifying(ctx, paymentId);
    return 'verifying';
  }
  // Cancelled, or refused by the provider: nobody can pay it any more.
  return 'cancelled';
}

/** Voids one pending in-page charge at the provider and settles it from what the provider says. */
export async function voidCharge(ctx: InPageContext, payment: Payment): Promise<ChargeVoidOutcome> {
  // An attempt whose answer was lost: its order is found by our code first (ADR 030).
  if (!payment.providerChargeId && payment.verifyingSince) await ctx.verification.lookUp(payment.id, 'admin');
  const current = ctx.getById(payment.id);
  // No charge known yet (an attempt in flight, or not found under our code): money may still arrive.
  if (current?.status !== 'pending' || !current.providerChargeId) return outcomeOf(ctx, payment.id, false);
  let answer: 'cancelled' | 'paid';
  try {
    answer = (
      await ctx.provider.voidCharge({ paymentId: current.id, providerChargeId: current.providerChargeId })
    ).status;
  } catch (error) {
    ctx.log.warn({ paymentId: current.id, err: (error as Error).message }, 'charge void not confirmed');
    return outcomeOf(ctx, current.id, true);
  }
  ctx.history.record({
    paymentId: current.id,
    source: 'admin',
    kind: 'erasure_void',
    details: { outcome: answer, chargeId: current.providerChargeId },
  });
  // The provider's own state settles the row, by the path every other read takes: cancelled →
  // cancelled on file; paid → confirmed (the member's payment, kept); unreachable → pending.
  await ctx.verification.check(current.id, 'admin');
  return outcomeOf(ctx, current.id, true);
}

/** Every in-page charge of the record still pending, voided one by one; counts what was left. */
export async function voidPendingChargesOf(
  ctx: InPageContext,
  subscriberId: string,
): Promise<Record<ChargeVoidOutcome, number>> {
  const pending = ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriberId, subscriberId),
        eq(payments.status, 'pending'),
        isNull(payments.paymentLinkId),
      ),
    )
    .all();
  const counts = { cancelled: 0, paid: 0, verifying: 0 };
  for (const payment of pending) counts[await voidCharge(ctx, payment)]++;
  return counts;
}
