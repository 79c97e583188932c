/** What a payment claimed as paid sets in motion: the checkout made real, the period, commission and e-mail. */
import { eq } from 'drizzle-orm';
import { formatDate, formatMoney } from '../../../shared/format';
import { planLabel } from '../../../shared/plans';
import { payments, type BillingData, type Payment, type PaymentLink } from '../../db/schema';
import { isProvisional, proposalOf } from '../../membership/checkout-profile';
import { PROVIDER, targetsOf } from '../../membership/subscribers/lifecycle';
import { periodAfterPayment, profileFromBilling } from '../../membership/subscribers/subscribers';
import type { ConfirmationContext } from './context';
import { rememberPaidCard } from '../automatic-renewal/saved-card';
import type { ChargeResult } from '../providers/types';
import { attach, confirmForPayment } from '../../referrals/commissions';
import { queueInvoice } from '../../invoices/queue';

type Recipient = { name: string; email: string; subscriptionEndDate: Date | null };

/** Claims the payment's confirmation e-mail (at most once) and queues it to the subscriber on file. */
function sendConfirmation(
  { statements, clock, outbox, settings, env }: ConfirmationContext,
  payment: Pick<Payment, 'id' | 'amount' | 'planType'>,
  subscriber: Recipient,
): boolean {
  if (statements.claimEmail.run({ id: payment.id, now: clock.now().getTime() }).changes === 0) return false;
  outbox.enqueue({
    channel: 'email',
    recipient: subscriber.email,
    template: 'payment_confirmed',
    vars: {
      name: subscriber.name,
      amount: formatMoney(payment.amount),
      plan: planLabel(payment.planType),
      vipGroupLink: settings.get().vipGroupLink,
      endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
      // The receipt opens after sign-in, which returns to it (docs/product, "Recibos").
      receiptUrl: `${env.publicUrl}/user/payments/${payment.id}/recibo`,
    },
  });
  return true;
}

/** Queues the payment_confirmed e-mail of a paid payment, if it has not gone out yet. */
export function queueConfirmationEmail(ctx: ConfirmationContext, paymentId: string): boolean {
  const payment = ctx.db
    .select({
      id: payments.id,
      amount: payments.amount,
      planType: payments.planType,
      subscriberId: payments.subscriberId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .get();
  const subscriber = payment && ctx.statements.subscriberForPeriod.get({ id: payment.subscriberId });
  return Boolean(payment && subscriber && sendConfirmation(ctx, payment, subscriber));
}

/** What a checkout carried until its first payment: the profile typed and the `?ref=` code. */
export type Checkout = Pick<PaymentLink, 'billingData' | 'referralCode'>;

/**
 * The first confirmed payment of a subscriber makes its checkout real (ADR 014): until then what
 * a checkout typed was provisional. A record only checkouts wrote takes the paying one's profile;
 * any other record is only proposed what differs (ADR 027, checkout-profile.ts).
 * When that checkout carried `?ref=CODE`, the subscriber gets its referrer. Later payments never
 * change either. `checkout` is what the payment's link carried, read from the payment when not
 * given: a link's confirmation applies it before inserting the payment, whose search row then
 * copies the new profile instead of being written twice.
 */
export function applyFirstCheckout(
  ctx: ConfirmationContext,
  payment: Pick<Payment, 'id' | 'subscriberId' | 'amount'>,
  checkout?: Checkout,
) {
  const { referrals, statements } = ctx;
  if (statements.paidBefore.get({ subscriberId: payment.subscriberId, id: payment.id })) return;
  const row = checkout ?? statements.checkoutOfPayment.get({ id: payment.id });
  if (row?.billingData) applyCheckoutProfile(ctx, payment, row.billingData);
  const referred = statements.referrerOf.get({ id: payment.subscriberId });
  if (row?.referralCode && referred) {
    attach(referrals, { ...referred, paymentStatus: 'pending' }, row.referralCode, payment.amount);
  }
}

/**
 * The paying checkout's profile becomes a provisional record's; on any other record it is only
 * proposed, field by field, where it differs (never written: checkout-profile.ts).
 */
function applyCheckoutProfile(
  { clock, lifecycle, statements }: ConfirmationContext,
  payment: Pick<Payment, 'id' | 'subscriberId'>,
  billing: BillingData,
) {
  const record = statements.recordOfCheckout.get({ id: payment.subscriberId });
  if (!record) return;
  const profile = profileFromBilling(billing);
  const now = clock.now().getTime();
  if (isProvisional(record)) {
    // Bound as given (placeholders in a SET): the JSON and the time encoded here.
    statements.profileOfCheckout.run({
      ...profile,
      billingData: JSON.stringify(profile.billingData),
      updatedAt: now,
      id: payment.subscriberId,
    });
    return;
  }
  const propose = proposalOf(record, profile);
  const fields = Object.keys(propose);
  if (fields.length === 0) return;
  statements.proposeChanges.run({
    subscriberId: payment.subscriberId,
    paymentId: payment.id,
    fields: JSON.stringify(propose),
    createdAt: now,
  });
  // The history names the fields, never the values typed (they may be a stranger's).
  lifecycle.record({
    subscriberId: payment.subscriberId,
    event: 'changes_proposed',
    actor: PROVIDER,
    details: { paymentId: payment.id, fields },
  });
}

/**
 * The payment a confirmation settles: what it bought and with which provider; `madeBy`, the account
 * that asked for it when one did (a member's renewal link: its `createdBy`).
 */
type SettledPayment = Pick<Payment, 'id' | 'subscriberId' | 'amount' | 'planType' | 'provider'> & {
  madeBy?: string | null;
};

/** Period, statuses, commission and e-mail after a payment was claimed as paid (inside the transaction). */
export function afterPaid(
  ctx: ConfirmationContext,
  payment: SettledPayment,
  paidAt: Date,
  charge: ChargeResult,
) {
  applyFirstCheckout(ctx, payment);
  settlePaid(ctx, payment, paidAt, charge);
}

/** The period a payment buys, from the subscriber as it is before the payment counts. */
export interface PeriodBought {
  subscriber: NonNullable<ReturnType<ConfirmationContext['statements']['subscriberForPeriod']['get']>>;
  period: ReturnType<typeof periodAfterPayment>;
}

export function periodBought(
  { statements }: ConfirmationContext,
  subscriberId: string,
  paidAt: Date,
): PeriodBought {
  const subscriber = statements.subscriberForPeriod.get({ id: subscriberId });
  if (!subscriber) throw new Error('payment without subscriber');
  return { subscriber, period: periodAfterPayment(subscriber, paidAt) };
}

/** The payment's columns of what it bought, so that refunding it can give exactly that back. */
export function periodColumns({ subscriber, period }: PeriodBought) {
  return { previousEndDate: subscriber.subscriptionEndDate, periodEndDate: period.end };
}

/**
 * afterPaid once the first checkout is applied: the period, statuses, commission, e-mail and the
 * card kept for automatic renewal (every paid card of a member, however its answer arrived: ADR 052;
 * `cardKept` says whether this payment's card was).
 * `written` is the period the caller already stored with the payment (periodColumns); without it
 * the period is read and written here.
 */
export function settlePaid(
  ctx: ConfirmationContext,
  payment: SettledPayment,
  paidAt: Date,
  charge: ChargeResult,
  written?: PeriodBought,
): { cardKept: boolean } {
  const { subscriber, period } = written ?? periodBought(ctx, payment.subscriberId, paidAt);
  // Approved before: a renewal (§3.2). The machine decides the status; paying also withdraws a
  // cancellation that was pending, since the member just chose to stay.
  const renewal =
    subscriber.approvedAt !== null && targetsOf(subscriber.status, 'payment_renewed').length > 0;
  ctx.lifecycle.apply({
    subscriberId: subscriber.id,
    event: renewal ? 'payment_renewed' : 'payment_confirmed',
    actor: PROVIDER,
    details: { paymentId: payment.id, amount: payment.amount, periodEnd: period.end.toISOString() },
    set: {
      paymentStatus: 'paid',
      subscriptionStartDate: period.start,
      subscriptionEndDate: period.end,
      subscriptionPrice: payment.amount,
      cancelRequestedAt: null,
      cancelRequestedBy: null,
    },
  });
  if (!written) {
    ctx.statements.periodOfPayment.run({
      id: payment.id,
      previousEndDate: subscriber.subscriptionEndDate?.getTime() ?? null,
      periodEndDate: period.end.getTime(),
    });
  }
  confirmForPayment(ctx.referrals, subscriber.id, payment.id, payment.amount, paidAt);
  sendConfirmation(ctx, payment, { ...subscriber, subscriptionEndDate: period.end });
  // With invoices on, the service invoice is queued with the payment (issued by the invoice pass).
  queueInvoice(ctx, payment.id);
  const byMember = Boolean(payment.madeBy) && payment.madeBy === subscriber.userId;
  return { cardKept: rememberPaidCard(ctx, payment, charge, byMember) };
}
