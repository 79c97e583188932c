/**
 * What happens when money moves, exactly once: a link or an in-page charge is claimed with a
 * conditional update (`where status <> 'paid'`) inside one transaction, so a webhook replayed or
 * delivered twenty times at once records one payment, extends the period once (docs/product/decisions.md §3.2),
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
import { PAYMENT_MSG } from './payment-messages';
import type { HistoryInput, PaymentHistory } from './payment-history';
import type { ReferralsService } from './referrals';
import type { SettingsService } from './settings';
import { PROVIDER, targetsOf, type Actor, type SubscriberLifecycle } from './subscriber-lifecycle';
import { periodAfterPayment, profileFromBilling } from './subscribers';

export type ConfirmResult =
  | { confirmed: true; paymentId: string }
  /** `foreign`: the charge is on file for another payment or link, which it is never moved from. */
  | { confirmed: false; reason: 'already' | 'amount' | 'foreign' }
  /**
   * Money that bought nothing, recorded apart for the owner to refund (ADR 030): a second charge
   * for something already paid, or a charge paid with less than due.
   */
  | { confirmed: false; reason: 'duplicate' | 'underpaid'; paymentId: string };

/** Paid in full: the provider said how much, and it is at least what was due. */
function paidInFull(charge: ChargeResult | null, due: number): charge is ChargeResult & { amount: number } {
  return charge !== null && charge.amount !== null && charge.amount > 0 && charge.amount >= due;
}

/** Some money, less than due (Pagar.me `underpaid`, a PIX paid short). */
function paidLess(charge: ChargeResult | null, due: number): charge is ChargeResult & { amount: number } {
  return charge !== null && charge.amount !== null && charge.amount > 0 && charge.amount < due;
}

/** What recording an extra charge did: its row, nothing (the charge is the payment itself), or refused. */
type ExtraRecorded = { id: string } | 'nothing' | 'foreign';

/** What an extra charge is for: a payment (in-page, or a link's recorded one) and/or a link. */
interface ExtraChargeInput {
  kind: 'duplicate' | 'underpaid';
  charge: ChargeResult & { amount: number };
  due: number;
  /** The payment it was meant for, when there is one. */
  of: Payment | null;
  link: PaymentLink | null;
  paidAt: Date;
}

export function createPaymentConfirmation(
  { db, clock, log }: ServiceDeps,
  settings: SettingsService,
  outbox: OutboxService,
  referrals: ReferralsService,
  lifecycle: SubscriberLifecycle,
  history: PaymentHistory,
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

  // A first payment's checkout (applyFirstCheckout) and a link's claim (confirmLink): prepared too,
  // since drizzle building a statement cost about as much as SQLite running it (ADR 043).
  const paidBeforeQuery = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subscriberId, sql.placeholder('subscriberId')),
        ne(payments.id, sql.placeholder('id')),
        inArray(payments.status, ['paid', 'refunded']),
        isNull(payments.extraCharge),
      ),
    )
    .prepare();
  const checkoutOfPayment = db
    .select({ billingData: payments.billingData, referralCode: paymentLinks.referralCode })
    .from(payments)
    .leftJoin(paymentLinks, eq(paymentLinks.id, payments.paymentLinkId))
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare();
  const referrerOf = db
    .select({ id: subscribers.id, referredBy: subscribers.referredBy })
    .from(subscribers)
    .where(eq(subscribers.id, sql.placeholder('id')))
    .prepare();
  const linkStatus = db
    .select({ status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, sql.placeholder('id')))
    .prepare();
  const claimLink = db
    .update(paymentLinks)
    // Placeholders in a SET go through as bound (no column encoding): times as milliseconds.
    .set({
      status: 'paid',
      paidAt: sql`${sql.placeholder('paidAt')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(and(eq(paymentLinks.id, sql.placeholder('id')), ne(paymentLinks.status, 'paid')))
    .prepare();
  const linkPayment = db
    .update(paymentLinks)
    .set({ paymentId: sql`${sql.placeholder('paymentId')}` })
    .where(eq(paymentLinks.id, sql.placeholder('id')))
    .prepare();

  const periodOfPayment = db
    .update(payments)
    .set({
      previousEndDate: sql`${sql.placeholder('previousEndDate')}`,
      periodEndDate: sql`${sql.placeholder('periodEndDate')}`,
    })
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare();
  const insertLinkPayment = db
    .insert(payments)
    .values({
      id: sql.placeholder('id'),
      transactionId: sql.placeholder('transactionId'),
      method: sql.placeholder('method'),
      cardBrand: sql.placeholder('cardBrand'),
      cardLast4: sql.placeholder('cardLast4'),
      providerOrderId: sql.placeholder('providerOrderId'),
      providerChargeId: sql.placeholder('providerChargeId'),
      subscriberId: sql.placeholder('subscriberId'),
      paymentLinkId: sql.placeholder('paymentLinkId'),
      planType: sql.placeholder('planType'),
      amount: sql.placeholder('amount'),
      status: 'paid',
      provider: sql.placeholder('provider'),
      description: sql.placeholder('description'),
      billingData: sql.placeholder('billingData'),
      failureReason: null,
      paidAt: sql.placeholder('paidAt'),
      createdAt: sql.placeholder('createdAt'),
      updatedAt: sql.placeholder('updatedAt'),
    })
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
    const paidBefore = paidBeforeQuery.get({ subscriberId: payment.subscriberId, id: payment.id });
    if (paidBefore) return;
    const row = checkoutOfPayment.get({ id: payment.id });
    if (row?.billingData) {
      db.update(subscribers)
        .set({ ...profileFromBilling(row.billingData), updatedAt: clock.now() })
        .where(eq(subscribers.id, payment.subscriberId))
        .run();
    }
    const referred = referrerOf.get({ id: payment.subscriberId });
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
    periodOfPayment.run({
      id: payment.id,
      previousEndDate: subscriber.subscriptionEndDate?.getTime() ?? null,
      periodEndDate: period.end.getTime(),
    });
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
   * Money that bought nothing (ADR 030): a second, different charge for a link or payment already
   * paid, or a charge paid with less than due. Recorded as its own `paid` payment marked
   * `extraCharge` — no period, commission or e-mail — for the owner to refund from the back office,
   * and logged as an error. Runs inside the caller's transaction. Returns the extra payment's id;
   * 'nothing' when the charge is the payment already on file; 'foreign' when the charge is on file
   * for another payment or link (it is never moved).
   */
  function recordExtraCharge(input: ExtraChargeInput): ExtraRecorded {
    const { charge, link, of } = input;
    const chargeId = charge.providerChargeId;
    if (!chargeId) return 'nothing';
    const provider = link?.provider ?? of?.provider ?? 'sandbox';
    const known = paymentByCharge(provider, chargeId);
    if (known?.extraCharge) return { id: known.id };
    if (known && (known.status === 'paid' || known.status === 'refunded')) return 'nothing';
    const sameLink = Boolean(link && known?.paymentLinkId === link.id);
    if (known && !sameLink && known.id !== of?.id) return 'foreign';
    const now = clock.now();
    if (known && known.id === of?.id) {
      // The attempt itself holds the charge (an in-page PIX paid short): the money moves to its own
      // row, the attempt keeps its story (it fails, and the customer may try again).
      db.update(payments)
        .set({ providerChargeId: null, transactionId: null, updatedAt: now })
        .where(eq(payments.id, known.id))
        .run();
    }
    const id = known && sameLink ? known.id : newId();
    const subject = of ?? link;
    const fields = {
      ...chargeFields(charge),
      subscriberId: (of ?? link)!.subscriberId,
      paymentLinkId: link?.id ?? of?.paymentLinkId ?? null,
      planType: subject!.planType,
      amount: charge.amount,
      status: 'paid' as const,
      provider,
      description: `${of?.description ?? `Link de pagamento - ${planLabel(link!.planType)}`} (${
        input.kind === 'duplicate' ? 'cobrança duplicada' : 'valor recebido a menor'
      })`,
      billingData: of?.billingData ?? link?.billingData ?? null,
      failureReason: null,
      extraCharge: input.kind,
      extraChargeOf: of?.id ?? null,
      verifyingSince: null,
      paidAt: input.paidAt,
      updatedAt: now,
    };
    if (id === known?.id) db.update(payments).set(fields).where(eq(payments.id, id)).run();
    else
      db.insert(payments)
        .values({ ...fields, id, createdAt: now })
        .run();
    const details = {
      extra: input.kind,
      extraPaymentId: id,
      chargeId,
      amount: charge.amount,
      due: input.due,
    };
    history.record({ paymentId: id, linkId: link?.id, source: 'webhook', kind: 'extra_charge', details });
    if (of) history.record({ paymentId: of.id, source: 'webhook', kind: 'extra_charge', details });
    else if (link) history.record({ linkId: link.id, source: 'webhook', kind: 'extra_charge', details });
    log.error(
      {
        kind: input.kind,
        linkId: link?.id ?? null,
        paymentId: of?.id ?? null,
        extraPaymentId: id,
        amount: charge.amount,
      },
      'money received that bought nothing: recorded as an extra charge for the owner to refund',
    );
    return { id };
  }

  /** The payment recorded for a paid link, when there is one. */
  function recordedPaymentOf(link: PaymentLink): Payment | undefined {
    const recordedId = db
      .select({ paymentId: paymentLinks.paymentId })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, link.id))
      .get()?.paymentId;
    return recordedId ? db.select().from(payments).where(eq(payments.id, recordedId)).get() : undefined;
  }

  /** An extra charge's result, or `foreign` / `already` when there was nothing to record. */
  function extraResult(kind: 'duplicate' | 'underpaid', recorded: ExtraRecorded): ConfirmResult {
    if (recorded === 'foreign') return { confirmed: false, reason: 'foreign' };
    if (recorded === 'nothing') return { confirmed: false, reason: 'already' };
    return { confirmed: false, reason: kind, paymentId: recorded.id };
  }

  /** A charge on file for a payment other than `paymentId` (or not of this link): never moved. */
  function foreignCharge(
    provider: PaymentProviderName,
    charge: ChargeResult | null,
    owner: { paymentId?: string; linkId?: string },
  ): boolean {
    const known = paymentByCharge(provider, charge?.providerChargeId);
    if (!known) return false;
    if (owner.linkId) return known.paymentLinkId !== owner.linkId;
    return known.id !== owner.paymentId && known.extraChargeOf !== owner.paymentId;
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

    /**
     * Marks a link paid and records its payment, once. No charge is refused; a charge paid with less
     * than due, or a second one once the link is paid, is recorded as an extra charge; a charge on
     * file for another link or payment is refused (a paid payment never moves).
     */
    confirmLink(link: PaymentLink, charge: ChargeResult | null): ConfirmResult {
      const paidShort = paidLess(charge, link.amount);
      if (!paidInFull(charge, link.amount) && !paidShort) {
        log.error(
          { linkId: link.id, paid: charge?.amount ?? null, expected: link.amount },
          'link paid without its charge or its amount: not confirmed',
        );
        return { confirmed: false, reason: 'amount' };
      }
      // Money the provider says was received (the guards above narrow what follows too eagerly).
      const received: ChargeResult & { amount: number } = charge;
      const now = clock.now();
      const paidAt = received.paidAt ?? now;
      return db.transaction((): ConfirmResult => {
        if (foreignCharge(link.provider, charge, { linkId: link.id })) {
          log.error(
            { linkId: link.id, chargeId: charge.providerChargeId },
            'charge of another payment: not moved',
          );
          return { confirmed: false, reason: 'foreign' };
        }
        const paid = linkStatus.get({ id: link.id });
        if (paid?.status === 'paid' || paidShort) {
          const recorded = paid?.status === 'paid' ? recordedPaymentOf(link) : undefined;
          // Confirmed before its charge was known: this is that charge, not a second one.
          if (recorded && !recorded.providerChargeId && !paidShort) {
            db.update(payments)
              .set({ ...chargeFields(charge), updatedAt: now })
              .where(and(eq(payments.id, recorded.id), isNull(payments.providerChargeId)))
              .run();
            return { confirmed: false, reason: 'already' };
          }
          const kind = paid?.status === 'paid' ? 'duplicate' : 'underpaid';
          const extra = recordExtraCharge({
            kind,
            charge,
            due: link.amount,
            of: recorded ?? null,
            link,
            paidAt,
          });
          return extraResult(kind, extra);
        }
        const claimed = claimLink.run({ id: link.id, paidAt: paidAt.getTime(), now: now.getTime() });
        if (claimed.changes === 0) return { confirmed: false, reason: 'already' };
        const fields = {
          ...chargeFields(received),
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
        // The same provider charge may already be on file: a failed attempt of this very link that
        // the provider retried (checked above: never another link's or payment's row).
        const known = paymentByCharge(link.provider, received.providerChargeId);
        const paymentId = known?.id ?? newId();
        if (known) db.update(payments).set(fields).where(eq(payments.id, known.id)).run();
        else insertLinkPayment.run({ ...fields, id: paymentId, createdAt: now });
        linkPayment.run({ paymentId, id: link.id });
        afterPaid(
          { id: paymentId, subscriberId: link.subscriberId, amount: link.amount, planType: link.planType },
          paidAt,
        );
        log.info({ linkId: link.id, paymentId }, 'payment link paid');
        return { confirmed: true, paymentId } as const;
      });
    },

    /** A failed attempt on a link: a `failed` payment, and the link stays payable (docs/product/decisions.md §3.2). */
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

    /**
     * Confirms an in-page charge, once. Money that arrives after a PIX expired still counts. A second,
     * different paid charge for a payment already paid is a "cobrança duplicada"; a charge paid with
     * less than due fails the attempt and records what was received; both for the owner to refund.
     */
    confirmPayment(payment: Payment, charge: ChargeResult | null): ConfirmResult {
      const paidShort = paidLess(charge, payment.amount);
      if (!paidInFull(charge, payment.amount) && !paidShort) {
        log.error(
          { paymentId: payment.id, paid: charge?.amount ?? null, expected: payment.amount },
          'charge without its paid amount: not confirmed',
        );
        return { confirmed: false, reason: 'amount' };
      }
      const now = clock.now();
      const paidAt = charge.paidAt ?? now;
      return db.transaction((): ConfirmResult => {
        if (foreignCharge(payment.provider, charge, { paymentId: payment.id })) {
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
          return extraResult(
            'duplicate',
            recordExtraCharge({
              kind: 'duplicate',
              charge,
              due: payment.amount,
              of: current,
              link: null,
              paidAt,
            }),
          );
        }
        if (paidShort) {
          const extra = recordExtraCharge({
            kind: 'underpaid',
            charge,
            due: payment.amount,
            of: current,
            link: null,
            paidAt,
          });
          db.update(payments)
            .set({
              status: 'failed',
              failureReason: PAYMENT_MSG.underpaid(charge.amount, payment.amount),
              verifyingSince: null,
              updatedAt: now,
            })
            .where(
              and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed', 'cancelled'])),
            )
            .run();
          return extraResult('underpaid', extra);
        }
        const known = chargeFields(charge);
        const claimed = db
          .update(payments)
          .set({
            status: 'paid',
            paidAt,
            failureReason: null,
            verifyingSince: null,
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
            verifyingSince: null,
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
          .set({ status: 'cancelled', verifyingSince: null, updatedAt: now })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
          .run().changes > 0
      );
    },

    /**
     * A paid payment refunded (by an admin, or announced by the provider): commission cancelled;
     * when it paid the current period, the subscriber is `cancelled` (docs/product/decisions.md §3.7) and the end
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
        // Its period is still the subscriber's: give exactly that period back. An extra charge
        // bought no period: refunding it changes nothing but itself.
        const currentPeriod = row.extraCharge
          ? false
          : row.periodEndDate
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

    /**
     * A refund the provider accepted (`pending_refund`) whose charge is `paid` again: it did not go
     * through. The payment reads "Pago" again, with the reason, and the owner may ask once more.
     */
    refundReverted(paymentId: string): boolean {
      return (
        db
          .update(payments)
          .set({
            refundStatus: 'failed',
            refundFailureReason: PAYMENT_MSG.refundReverted,
            updatedAt: clock.now(),
          })
          .where(
            and(
              eq(payments.id, paymentId),
              eq(payments.status, 'paid'),
              eq(payments.refundStatus, 'processing'),
            ),
          )
          .run().changes > 0
      );
    },

    /** Writes the payment's history (services/payment-history.ts), shared by every payment service. */
    history,
  };
}

export type { HistoryInput };

export type PaymentConfirmation = ReturnType<typeof createPaymentConfirmation>;
