/**
 * What happens when money moves, exactly once: a link or an in-page charge is claimed with a
 * conditional update (`where status <> 'paid'`) inside one transaction, so a webhook replayed or
 * delivered twenty times at once records one payment, extends the period once (DECISIONS §3.2),
 * confirms one commission and queues one e-mail. Failures and expiries follow the same pattern.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { formatDate, formatMoney } from '../../shared/format';
import { planLabel } from '../../shared/plans';
import { paymentLinks, payments, subscribers, type Payment, type PaymentLink } from '../db/schema';
import { newId } from '../ids';
import type { ChargeResult, PaymentProviderName } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { ReferralsService } from './referrals';
import type { SettingsService } from './settings';
import { PROVIDER, targetsOf, type Actor, type SubscriberLifecycle } from './subscriber-lifecycle';
import { periodAfterPayment, profileFromBilling } from './subscribers';

export type ConfirmResult =
  | { confirmed: true; paymentId: string }
  | { confirmed: false; reason: 'already' | 'amount' }
  /** A second, different charge on a link already paid: recorded apart, for an admin to refund. */
  | { confirmed: false; reason: 'duplicate'; paymentId: string };

/** Paid in full: the provider said how much, and it is at least what was due. */
function paidInFull(charge: ChargeResult | null, due: number): charge is ChargeResult & { amount: number } {
  return charge !== null && charge.amount !== null && charge.amount > 0 && charge.amount >= due;
}

export function createPaymentConfirmation(
  { db, clock, log }: ServiceDeps,
  settings: SettingsService,
  outbox: OutboxService,
  referrals: ReferralsService,
  lifecycle: SubscriberLifecycle,
) {
  // The confirmation path runs once per payment but in bulk under load (bench): its queries are prepared.
  const claimEmail = db
    .update(payments)
    .set({ confirmationEmailAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        eq(payments.id, sql.placeholder('id')),
        eq(payments.status, 'paid'),
        isNull(payments.confirmationEmailAt),
      ),
    )
    .prepare();
  const subscriberForPeriod = db
    .select({
      id: subscribers.id,
      name: subscribers.name,
      email: subscribers.email,
      status: subscribers.status,
      approvedAt: subscribers.approvedAt,
      subscriptionStartDate: subscribers.subscriptionStartDate,
      subscriptionEndDate: subscribers.subscriptionEndDate,
    })
    .from(subscribers)
    .where(eq(subscribers.id, sql.placeholder('id')))
    .prepare();

  type Recipient = { name: string; email: string; subscriptionEndDate: Date | null };

  /** Claims the payment's confirmation e-mail (at most once) and queues it to the subscriber on file. */
  function sendConfirmation(
    payment: Pick<Payment, 'id' | 'amount' | 'planType'>,
    subscriber: Recipient,
  ): boolean {
    if (claimEmail.run({ id: payment.id, now: clock.now().getTime() }).changes === 0) return false;
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
      },
    });
    return true;
  }

  /** Queues the payment_confirmed e-mail of a paid payment, if it has not gone out yet. */
  function queueConfirmationEmail(paymentId: string): boolean {
    const payment = db
      .select({
        id: payments.id,
        amount: payments.amount,
        planType: payments.planType,
        subscriberId: payments.subscriberId,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .get();
    const subscriber = payment && subscriberForPeriod.get({ id: payment.subscriberId });
    return Boolean(payment && subscriber && sendConfirmation(payment, subscriber));
  }

  /**
   * The first confirmed payment of a subscriber makes its checkout real (issue 8 §3): until then what
   * a checkout typed was provisional. The subscriber gets the profile the paying customer typed and,
   * when that checkout carried `?ref=CODE`, its referrer. Later payments never change either.
   */
  function applyFirstCheckout(payment: Pick<Payment, 'id' | 'subscriberId' | 'amount'>) {
    const paidBefore = db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.subscriberId, payment.subscriberId),
          ne(payments.id, payment.id),
          inArray(payments.status, ['paid', 'refunded']),
        ),
      )
      .get();
    if (paidBefore) return;
    const row = db
      .select({ billingData: payments.billingData, referralCode: paymentLinks.referralCode })
      .from(payments)
      .leftJoin(paymentLinks, eq(paymentLinks.id, payments.paymentLinkId))
      .where(eq(payments.id, payment.id))
      .get();
    if (row?.billingData) {
      db.update(subscribers)
        .set({ ...profileFromBilling(row.billingData), updatedAt: clock.now() })
        .where(eq(subscribers.id, payment.subscriberId))
        .run();
    }
    const referred = db
      .select({ id: subscribers.id, referredBy: subscribers.referredBy })
      .from(subscribers)
      .where(eq(subscribers.id, payment.subscriberId))
      .get();
    if (row?.referralCode && referred) {
      referrals.attach({ ...referred, paymentStatus: 'pending' }, row.referralCode, payment.amount);
    }
  }

  /** Period, statuses, commission and e-mail after a payment was claimed as paid (inside the transaction). */
  function afterPaid(payment: Pick<Payment, 'id' | 'subscriberId' | 'amount' | 'planType'>, paidAt: Date) {
    applyFirstCheckout(payment);
    const subscriber = subscriberForPeriod.get({ id: payment.subscriberId });
    if (!subscriber) throw new Error('payment without subscriber');
    const period = periodAfterPayment(subscriber, paidAt);
    // Approved before: a renewal (§3.2). The machine decides the status; paying also withdraws a
    // cancellation that was pending, since the member just chose to stay.
    const renewal =
      subscriber.approvedAt !== null && targetsOf(subscriber.status, 'payment_renewed').length > 0;
    lifecycle.apply({
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
    // What this payment bought, so that refunding it can give exactly that back.
    db.update(payments)
      .set({ previousEndDate: subscriber.subscriptionEndDate, periodEndDate: period.end })
      .where(eq(payments.id, payment.id))
      .run();
    referrals.confirmForPayment(subscriber.id, payment.id, payment.amount, paidAt);
    sendConfirmation(payment, { ...subscriber, subscriptionEndDate: period.end });
  }

  const chargeFields = (charge: ChargeResult | null) => ({
    transactionId: charge?.providerChargeId ?? null,
    method: charge?.method ?? null,
    cardBrand: charge?.cardBrand ?? null,
    cardLast4: charge?.cardLast4 ?? null,
    providerOrderId: charge?.providerOrderId ?? null,
    providerChargeId: charge?.providerChargeId ?? null,
  });

  const byCharge = db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, sql.placeholder('provider')),
        eq(payments.providerChargeId, sql.placeholder('chargeId')),
      ),
    )
    .prepare();

  /**
   * A link already paid receives another, different charge (paid twice, e.g. before the provider
   * closed it): the money is recorded as a separate `paid` payment, without a second period,
   * commission or e-mail, and logged as an error so an admin refunds it. Runs inside the caller's
   * transaction. Null when the charge is the one already on file.
   */
  function recordExtraLinkCharge(
    link: PaymentLink,
    charge: ChargeResult | null,
    paidAt: Date,
  ): string | null {
    const chargeId = charge?.providerChargeId;
    if (!charge || !chargeId) return null;
    // The same charge on file: a replay (paid), or an attempt recorded as failed that went through.
    const known = paymentByCharge(link.provider, chargeId);
    if (known && (known.status === 'paid' || known.status === 'refunded')) return null;
    const recordedId = db
      .select({ paymentId: paymentLinks.paymentId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, link.id))
      .get()?.paymentId;
    const recorded = recordedId
      ? db.select().from(payments).where(eq(payments.id, recordedId)).get()
      : undefined;
    const now = clock.now();
    if (recorded && !recorded.providerChargeId) {
      // Confirmed before its charge was known: this is that charge, not a second one.
      db.update(payments)
        .set({ ...chargeFields(charge), updatedAt: now })
        .where(and(eq(payments.id, recorded.id), isNull(payments.providerChargeId)))
        .run();
      return null;
    }
    const id = known?.id ?? newId();
    const fields = {
      ...chargeFields(charge),
      subscriberId: link.subscriberId,
      paymentLinkId: link.id,
      planType: link.planType,
      amount: charge.amount !== null && charge.amount > 0 ? charge.amount : link.amount,
      status: 'paid' as const,
      provider: link.provider,
      description: `Link de pagamento - ${planLabel(link.planType)} (pagamento em duplicidade)`,
      billingData: link.billingData,
      failureReason: null,
      paidAt,
      updatedAt: now,
    };
    if (known) db.update(payments).set(fields).where(eq(payments.id, id)).run();
    else
      db.insert(payments)
        .values({ ...fields, id, createdAt: now })
        .run();
    log.error(
      { linkId: link.id, paymentId: recordedId ?? null, extraPaymentId: id, amount: charge.amount },
      'payment link paid more than once: the extra payment was recorded and must be refunded',
    );
    return id;
  }

  /**
   * For a payment recorded before periods were stored with it: it paid the current period when it
   * is the subscriber's latest paid (or refunded) payment, and not a second charge on a link
   * (which extended nothing).
   */
  function paidCurrentPeriodBefore(payment: Payment): boolean {
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
        and(eq(payments.subscriberId, payment.subscriberId), inArray(payments.status, ['paid', 'refunded'])),
      )
      .orderBy(desc(payments.paidAt))
      .get();
    return latest?.id === payment.id;
  }

  function paymentByCharge(
    provider: PaymentProviderName,
    chargeId: string | null | undefined,
  ): Payment | undefined {
    if (!chargeId) return undefined;
    return byCharge.get({ provider, chargeId });
  }

  return {
    queueConfirmationEmail,
    paymentByCharge,

    /** Marks a link paid and records its payment, once. No charge, or an underpaid one, is refused. */
    confirmLink(link: PaymentLink, charge: ChargeResult | null): ConfirmResult {
      if (!paidInFull(charge, link.amount)) {
        log.error(
          { linkId: link.id, paid: charge?.amount ?? null, expected: link.amount },
          'link paid without its charge or with a smaller amount: not confirmed',
        );
        return { confirmed: false, reason: 'amount' };
      }
      const now = clock.now();
      const paidAt = charge.paidAt ?? now;
      return db.transaction(() => {
        const claimed = db
          .update(paymentLinks)
          .set({ status: 'paid', paidAt, updatedAt: now })
          .where(and(eq(paymentLinks.id, link.id), ne(paymentLinks.status, 'paid')))
          .run();
        if (claimed.changes === 0) {
          const extra = recordExtraLinkCharge(link, charge, paidAt);
          return extra
            ? ({ confirmed: false, reason: 'duplicate', paymentId: extra } as const)
            : ({ confirmed: false, reason: 'already' } as const);
        }
        const fields = {
          ...chargeFields(charge),
          subscriberId: link.subscriberId,
          paymentLinkId: link.id,
          planType: link.planType,
          amount: link.amount,
          status: 'paid' as const,
          provider: link.provider,
          description: `Link de pagamento - ${planLabel(link.planType)}`,
          billingData: link.billingData,
          failureReason: null,
          paidAt,
          updatedAt: now,
        };
        // The same provider charge may already be on file (a failed attempt retried by the provider).
        const known = paymentByCharge(link.provider, charge?.providerChargeId);
        const paymentId = known?.id ?? newId();
        if (known) db.update(payments).set(fields).where(eq(payments.id, known.id)).run();
        else
          db.insert(payments)
            .values({ ...fields, id: paymentId, createdAt: now })
            .run();
        db.update(paymentLinks).set({ paymentId }).where(eq(paymentLinks.id, link.id)).run();
        afterPaid(
          { id: paymentId, subscriberId: link.subscriberId, amount: link.amount, planType: link.planType },
          paidAt,
        );
        log.info({ linkId: link.id, paymentId }, 'payment link paid');
        return { confirmed: true, paymentId } as const;
      });
    },

    /** A failed attempt on a link: a `failed` payment, and the link stays payable (DECISIONS §3.2). */
    recordLinkFailure(link: PaymentLink, charge: ChargeResult | null) {
      const now = clock.now();
      db.transaction(() => {
        if (paymentByCharge(link.provider, charge?.providerChargeId)) return;
        db.insert(payments)
          .values({
            ...chargeFields(charge),
            id: newId(),
            subscriberId: link.subscriberId,
            paymentLinkId: link.id,
            planType: link.planType,
            amount: link.amount,
            status: 'failed',
            provider: link.provider,
            description: `Link de pagamento - ${planLabel(link.planType)}`,
            failureReason: charge?.failureReason ?? null,
            billingData: link.billingData,
            createdAt: now,
            updatedAt: now,
          })
          .run();
        db.update(paymentLinks)
          .set({ lastAttemptFailedAt: now, updatedAt: now })
          .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'pending')))
          .run();
        // The subscriber's own status stays: anyone may try to pay under any e-mail, and a declined
        // card of a stranger must not mark someone else's record (issue 8 §3).
      });
    },

    expireLink(linkId: string): boolean {
      const now = clock.now();
      return (
        db
          .update(paymentLinks)
          .set({ status: 'expired', updatedAt: now })
          .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'pending')))
          .run().changes > 0
      );
    },

    /** Confirms an in-page charge, once. Money that arrives after a PIX expired still counts. */
    confirmPayment(payment: Payment, charge: ChargeResult | null): ConfirmResult {
      if (!paidInFull(charge, payment.amount)) {
        log.error(
          { paymentId: payment.id, paid: charge?.amount ?? null, expected: payment.amount },
          'charge without its paid amount or with a smaller one: not confirmed',
        );
        return { confirmed: false, reason: 'amount' };
      }
      const now = clock.now();
      const paidAt = charge?.paidAt ?? now;
      return db.transaction(() => {
        const known = chargeFields(charge);
        const claimed = db
          .update(payments)
          .set({
            status: 'paid',
            paidAt,
            failureReason: null,
            updatedAt: now,
            method: known.method ?? payment.method,
            cardBrand: known.cardBrand ?? payment.cardBrand,
            cardLast4: known.cardLast4 ?? payment.cardLast4,
            transactionId: known.transactionId ?? payment.transactionId,
            providerOrderId: known.providerOrderId ?? payment.providerOrderId,
            providerChargeId: known.providerChargeId ?? payment.providerChargeId,
          })
          .where(
            and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed', 'cancelled'])),
          )
          .run();
        if (claimed.changes === 0) return { confirmed: false, reason: 'already' } as const;
        afterPaid(payment, paidAt);
        log.info({ paymentId: payment.id }, 'payment confirmed');
        return { confirmed: true, paymentId: payment.id } as const;
      });
    },

    /**
     * A pending attempt that failed. The subscriber shows `failed` only when this attempt really
     * changed (not for a late failure of an attempt already paid or settled), in the same transaction.
     */
    failPayment(paymentId: string, charge: ChargeResult | null, reason?: string | null): boolean {
      const now = clock.now();
      return db.transaction(() => {
        const failed = db
          .update(payments)
          .set({
            status: 'failed',
            failureReason: reason ?? charge?.failureReason ?? null,
            cardBrand: charge?.cardBrand ?? undefined,
            cardLast4: charge?.cardLast4 ?? undefined,
            updatedAt: now,
          })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
          .returning({ subscriberId: payments.subscriberId })
          .get();
        // Only the attempt is marked: see recordLinkFailure.
        return failed !== undefined;
      });
    },

    /** A PIX that was not paid in time. */
    cancelPayment(paymentId: string): boolean {
      const now = clock.now();
      return (
        db
          .update(payments)
          .set({ status: 'cancelled', updatedAt: now })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
          .run().changes > 0
      );
    },

    /**
     * A paid payment refunded (by an admin, or announced by the provider): commission cancelled;
     * when it paid the current period, the subscriber is `cancelled` (DECISIONS §3.7) and the end
     * date goes back to what it was before that payment, so the next payment does not stack a year
     * on a period that was given back.
     */
    markRefunded(payment: Payment, reason: string, actor: Actor): boolean {
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
            updatedAt: now,
          })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
          .run();
        if (claimed.changes === 0) return false;
        referrals.cancelForPayment(payment.id, now);
        const row = db.select().from(payments).where(eq(payments.id, payment.id)).get() ?? payment;
        const subscriber = subscriberForPeriod.get({ id: payment.subscriberId });
        // Its period is still the subscriber's: give exactly that period back.
        const currentPeriod = row.periodEndDate
          ? subscriber?.subscriptionEndDate?.getTime() === row.periodEndDate.getTime()
          : paidCurrentPeriodBefore(row);
        if (currentPeriod) {
          lifecycle.apply({
            subscriberId: payment.subscriberId,
            event: 'refunded',
            actor,
            reason: row.refundReason ?? reason,
            details: { paymentId: payment.id, amount: payment.amount },
            set: {
              paymentStatus: 'refunded',
              ...(row.periodEndDate ? { subscriptionEndDate: row.previousEndDate } : {}),
            },
          });
        } else {
          lifecycle.record({
            subscriberId: payment.subscriberId,
            event: 'payment_refunded',
            actor,
            reason: row.refundReason ?? reason,
            details: { paymentId: payment.id, amount: payment.amount },
          });
        }
        log.info({ paymentId: payment.id }, 'payment refunded');
        return true;
      });
    },
  };
}

export type PaymentConfirmation = ReturnType<typeof createPaymentConfirmation>;
