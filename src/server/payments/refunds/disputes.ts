/**
 * What the provider says happened to money already received, besides a refund we asked for
 * (ADR 030): a charge disputed by the card holder (chargeback), a part of a charge given
 * back from the provider's dashboard, and the surplus of a charge paid with more than due.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { formatDate, formatMoney } from '../../../shared/format';
import { payments, subscribers, type Payment } from '../../db/schema';
import { emailEveryAdmin } from '../../messaging/admin-alerts';
import { newId } from '../../lib/ids';
import type { ChargeResult } from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import { PROVIDER, type Actor } from '../../membership/subscribers/lifecycle';
import type { ConfirmationContext } from '../confirmation/context';
import { markRefunded, withdrawWhatItBought } from './confirm-refund';

/** Every admin is e-mailed: a chargeback is contested in the provider's dashboard, within its deadline. */
function tellAdmins({ db, env, outbox }: ConfirmationContext, payment: Payment, at: Date) {
  const member = db
    .select({ name: subscribers.name })
    .from(subscribers)
    .where(eq(subscribers.id, payment.subscriberId))
    .get();
  emailEveryAdmin({ db, outbox }, 'chargeback_alert', {
    name: member?.name ?? '',
    amount: formatMoney(payment.amount),
    paidDate: payment.paidAt ? formatDate(payment.paidAt) : '',
    date: formatDate(at),
    paymentsUrl: `${env.publicUrl}/admin/payments`,
  });
}

/**
 * A paid payment whose charge was disputed and taken back (Pagar.me `chargedback`): recorded as a
 * chargeback (`refunded`, with `chargedbackAt`), once. The membership follows the refund rule
 * (docs/product/decisions.md §3.7): the period it paid is withdrawn and the commission cancelled.
 * A surplus held apart for the same charge goes back with it. Every admin is e-mailed.
 */
export function markChargedBack(ctx: ConfirmationContext, payment: Payment): boolean {
  const { db, clock, log, history } = ctx;
  const now = clock.now();
  return db.transaction(() => {
    const claimed = db
      .update(payments)
      .set({
        status: 'refunded',
        chargedbackAt: now,
        refundReason: PAYMENT_MSG.chargebackReason,
        refundedAt: now,
        refundStatus: null,
        refundFailureReason: null,
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
      .run();
    if (claimed.changes === 0) return false;
    db.update(payments)
      .set({ status: 'refunded', chargedbackAt: now, refundedAt: now, refundStatus: null, updatedAt: now })
      .where(
        and(
          eq(payments.extraChargeOf, payment.id),
          eq(payments.extraCharge, 'overpaid'),
          eq(payments.status, 'paid'),
        ),
      )
      .run();
    withdrawWhatItBought(ctx, payment, PAYMENT_MSG.chargebackReason, PROVIDER, now);
    history.record({
      paymentId: payment.id,
      source: 'webhook',
      kind: 'chargeback',
      details: { amount: payment.amount, chargeId: payment.providerChargeId },
    });
    tellAdmins(ctx, payment, now);
    log.error({ paymentId: payment.id }, 'charge disputed (chargeback): money taken back, admins e-mailed');
    return true;
  });
}

/** Cents of the charge already given back through refunded surpluses of this payment. */
function surplusGivenBack({ db }: Pick<ConfirmationContext, 'db'>, paymentId: string): number {
  return (
    db
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.extraChargeOf, paymentId),
          eq(payments.extraCharge, 'overpaid'),
          eq(payments.status, 'refunded'),
        ),
      )
      .get()?.total ?? 0
  );
}

/**
 * A paid charge part of which was given back (a partial refund made in the provider's dashboard):
 * what belongs to this payment (the provider's total given back, less refunded surpluses of the same
 * charge) is recorded on it once per amount; the payment stays paid and its period stays. Returns
 * whether anything changed; the same amount read again changes nothing (no loop of "not yet").
 */
export function recordPartialRefund(
  ctx: ConfirmationContext,
  payment: Payment,
  charge: Pick<ChargeResult, 'refundedAmount'>,
): boolean {
  const { db, clock, log, history } = ctx;
  return db.transaction(() => {
    const share = Math.min((charge.refundedAmount ?? 0) - surplusGivenBack(ctx, payment.id), payment.amount);
    if (share <= 0) return false;
    const changed = db
      .update(payments)
      .set({ refundedAmount: share, updatedAt: clock.now() })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.status, 'paid'),
          sql`coalesce(${payments.refundedAmount}, 0) <> ${share}`,
        ),
      )
      .run();
    if (changed.changes === 0) return false;
    history.record({
      paymentId: payment.id,
      source: 'webhook',
      kind: 'partial_refund',
      details: { amount: share, chargeId: payment.providerChargeId },
    });
    log.warn({ paymentId: payment.id, refunded: share }, 'partial refund reported by the provider');
    return true;
  });
}

/**
 * A charge paid with more than due (Pagar.me `overpaid`): the payment counts what was due, and the
 * surplus is its own `paid` row (`extraCharge: 'overpaid'`) for the owner to refund in one click,
 * like an underpaid charge. It holds no charge id (the charge is the payment's); its refund is a
 * partial refund of that charge. Runs inside the caller's transaction, right after the claim.
 */
export function recordSurplus(
  ctx: ConfirmationContext,
  of: Payment,
  charge: ChargeResult & { amount: number },
  paidAt: Date,
): string | null {
  const { db, clock, log, history } = ctx;
  const surplus = charge.amount - of.amount;
  if (surplus <= 0) return null;
  const existing = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.extraChargeOf, of.id), eq(payments.extraCharge, 'overpaid')))
    .get();
  if (existing) return existing.id;
  const now = clock.now();
  const id = newId();
  db.insert(payments)
    .values({
      id,
      subscriberId: of.subscriberId,
      paymentLinkId: of.paymentLinkId,
      planType: of.planType,
      amount: surplus,
      status: 'paid',
      method: charge.method ?? of.method,
      cardBrand: charge.cardBrand ?? of.cardBrand,
      cardLast4: charge.cardLast4 ?? of.cardLast4,
      provider: of.provider,
      providerOrderId: charge.providerOrderId,
      // The charge id stays the payment's own (one row per charge id): kept here only for display.
      transactionId: charge.providerChargeId,
      description: `${of.description} (valor recebido a mais)`,
      billingData: of.billingData,
      extraCharge: 'overpaid',
      extraChargeOf: of.id,
      paidAt,
      createdAt: now,
      updatedAt: now,
    })
    .run();
  const details = {
    extra: 'overpaid',
    extraPaymentId: id,
    chargeId: charge.providerChargeId,
    amount: surplus,
    due: of.amount,
  };
  history.record({ paymentId: id, source: 'webhook', kind: 'extra_charge', details });
  history.record({ paymentId: of.id, source: 'webhook', kind: 'extra_charge', details });
  log.error(
    { paymentId: of.id, extraPaymentId: id, amount: surplus },
    'charge paid with more than due: the surplus is recorded as an extra charge for the owner to refund',
  );
  return id;
}

/** The charge id and amount a refund of this payment asks for (a surplus refunds part of its payment's charge). */
export function refundTarget(
  { db }: Pick<ConfirmationContext, 'db'>,
  payment: Payment,
): { chargeId: string | null; amount: number; givenBackBefore: number } {
  if (payment.extraCharge === 'overpaid' && payment.extraChargeOf) {
    const owner = db.select().from(payments).where(eq(payments.id, payment.extraChargeOf)).get();
    const otherSurplus = db
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.extraChargeOf, payment.extraChargeOf),
          eq(payments.status, 'refunded'),
          ne(payments.id, payment.id),
        ),
      )
      .get()?.total;
    const ownerBack = owner?.status === 'refunded' ? owner.amount : (owner?.refundedAmount ?? 0);
    return {
      chargeId: owner?.providerChargeId ?? null,
      amount: payment.amount,
      givenBackBefore: ownerBack + (otherSurplus ?? 0),
    };
  }
  const given = payment.refundedAmount ?? 0;
  const surplus = payment.extraCharge ? 0 : surplusGivenBack({ db }, payment.id);
  return {
    chargeId: payment.providerChargeId,
    amount: payment.amount - given,
    givenBackBefore: given + surplus,
  };
}

/** What the provider's charge says of a refund asked for a payment. */
export type RefundReading = 'completed' | 'chargedback' | 'processing' | 'paid' | 'unknown';

/**
 * Settles a refund from the provider's own reading of the charge (after a lost answer, a refusal
 * such as "Charge can not be canceled", or in reconciliation): given back → the refund is
 * completed; disputed → a chargeback; a refund still running → in progress; still paid with less
 * given back than this refund asks → `paid` (the caller decides: a refusal stands, a refund in
 * progress did not go through); no reading → `unknown`.
 */
export function settleRefundFromCharge(
  ctx: ConfirmationContext,
  payment: Payment,
  charge: ChargeResult | null,
  reason: string,
  actor: Actor,
): RefundReading {
  if (!charge) return 'unknown';
  const target = refundTarget(ctx, payment);
  const givenBack =
    charge.status === 'refunded' ||
    (charge.status === 'paid' && (charge.refundedAmount ?? 0) >= target.givenBackBefore + target.amount);
  if (givenBack) {
    markRefunded(ctx, payment, reason, actor);
    return 'completed';
  }
  if (charge.status === 'chargedback') {
    const owner =
      payment.extraCharge === 'overpaid' && payment.extraChargeOf
        ? ctx.db.select().from(payments).where(eq(payments.id, payment.extraChargeOf)).get()
        : payment;
    markChargedBack(ctx, owner ?? payment);
    return 'chargedback';
  }
  if (charge.status === 'refunding') return 'processing';
  if (charge.status === 'paid') return 'paid';
  return 'unknown';
}
