/** A payment link's charges: paid (once), failed (the link stays payable) and expired. */
import { and, eq, isNull } from 'drizzle-orm';
import { planLabel } from '../../../shared/plans';
import { paymentLinks, payments, type PaymentLink } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ChargeResult } from '../providers/types';
import { applyFirstCheckout, periodBought, periodColumns, settlePaid } from './after-paid';
import { chargeFields, foreignCharge, paidInFull, paidLess } from './charges';
import { paymentByCharge, type ConfirmationContext } from './context';
import { recordSurplus } from '../refunds/disputes';
import { extraResult, recordExtraCharge, recordedPaymentOf } from './extra-charge';
import type { ConfirmResult } from './result';
import { paidSince } from './same-period';
import { turnOnFromCheckout } from '../automatic-renewal/choice';

type Received = ChargeResult & { amount: number };

/**
 * A charge for a link already paid, or paid short: the charge the link was confirmed without (it
 * is filled in), or an extra charge for the owner to refund.
 */
function settleExtraForLink(
  ctx: ConfirmationContext,
  link: PaymentLink,
  charge: Received,
  at: { paidAt: Date; now: Date; alreadyPaid: boolean; paidShort: boolean },
): ConfirmResult {
  const recorded = at.alreadyPaid ? recordedPaymentOf(ctx, link) : undefined;
  // Confirmed before its charge was known: this is that charge, not a second one.
  if (recorded && !recorded.providerChargeId && !at.paidShort) {
    ctx.db
      .update(payments)
      .set({ ...chargeFields(charge), updatedAt: at.now })
      .where(and(eq(payments.id, recorded.id), isNull(payments.providerChargeId)))
      .run();
    return { confirmed: false, reason: 'already' };
  }
  const kind = at.alreadyPaid ? 'duplicate' : 'underpaid';
  const extra = recordExtraCharge(ctx, {
    kind,
    charge,
    due: link.amount,
    of: recorded ?? null,
    link,
    paidAt: at.paidAt,
  });
  return extraResult(kind, extra);
}

/**
 * Claims the link as paid and records its payment, with what paying sets in motion. Undefined
 * when the link was already claimed.
 */
function claimLinkPayment(
  ctx: ConfirmationContext,
  link: PaymentLink,
  received: Received,
  at: { paidAt: Date; now: Date },
): string | undefined {
  const { db, statements } = ctx;
  // The same provider charge may already be on file: a failed attempt of this very link that
  // the provider retried (checked by the caller: never another link's or payment's row).
  const known = paymentByCharge(ctx, link.provider, received.providerChargeId);
  const payment = {
    id: known?.id ?? newId(),
    subscriberId: link.subscriberId,
    amount: link.amount,
    planType: link.planType,
    provider: link.provider,
    madeBy: link.createdBy,
  };
  const claimed = statements.claimLink.run({
    id: link.id,
    paidAt: at.paidAt.getTime(),
    paymentId: payment.id,
    now: at.now.getTime(),
  });
  if (claimed.changes === 0) return undefined;
  // The checkout first: the payment's search row then copies the profile it makes real.
  applyFirstCheckout(ctx, payment, link);
  const bought = periodBought(ctx, link.subscriberId, at.paidAt);
  const fields = {
    ...chargeFields(received),
    ...periodColumns(bought),
    subscriberId: link.subscriberId,
    paymentLinkId: link.id,
    planType: link.planType,
    amount: link.amount,
    status: 'paid' as const,
    provider: link.provider,
    description: `Link de pagamento - ${planLabel(link.planType)}`,
    billingData: link.billingData,
    failureReason: null,
    paidAt: at.paidAt,
    confirmedAt: at.now,
    updatedAt: at.now,
  };
  if (known) db.update(payments).set(fields).where(eq(payments.id, known.id)).run();
  else {
    statements.insertLinkPayment.run({
      ...fields,
      previousEndDate: fields.previousEndDate?.getTime() ?? null,
      periodEndDate: fields.periodEndDate.getTime(),
      id: payment.id,
      createdAt: at.now,
    });
  }
  const { cardKept } = settlePaid(ctx, payment, at.paidAt, received, bought);
  // Automatic renewal chosen at the member's renewal checkout: on only now, paid by card, card kept.
  if (cardKept && link.automaticRenewalConsent) {
    turnOnFromCheckout(ctx, {
      subscriberId: link.subscriberId,
      userId: link.createdBy,
      consentText: link.automaticRenewalConsent,
      paymentId: payment.id,
    });
  }
  // Paid with more than due (Pagar.me `overpaid`): the surplus is set apart for the owner to refund.
  if (received.amount > link.amount) {
    const recorded = db.select().from(payments).where(eq(payments.id, payment.id)).get();
    if (recorded) recordSurplus(ctx, recorded, received, at.paidAt);
  }
  return payment.id;
}

/**
 * Marks a link paid and records its payment, once. No charge is refused; a charge paid with less
 * than due, or a second one once the link is paid, is recorded as an extra charge; a charge on
 * file for another link or payment is refused (a paid payment never moves).
 */
export function confirmLink(
  ctx: ConfirmationContext,
  link: PaymentLink,
  charge: ChargeResult | null,
): ConfirmResult {
  const { db, clock, log } = ctx;
  const paidShort = paidLess(charge, link.amount);
  if (!paidInFull(charge, link.amount) && !paidShort) {
    log.error(
      { linkId: link.id, paid: charge?.amount ?? null, expected: link.amount },
      'link paid without its charge or its amount: not confirmed',
    );
    return { confirmed: false, reason: 'amount' };
  }
  // Money the provider says was received (the guards above narrow what follows too eagerly).
  const received: Received = charge;
  const now = clock.now();
  const paidAt = received.paidAt ?? now;
  return db.transaction((): ConfirmResult => {
    if (foreignCharge(ctx, link.provider, charge, { linkId: link.id })) {
      log.error(
        { linkId: link.id, chargeId: charge.providerChargeId },
        'charge of another payment: not moved',
      );
      return { confirmed: false, reason: 'foreign' };
    }
    const paid = ctx.statements.linkStatus.get({ id: link.id });
    const alreadyPaid = paid?.status === 'paid';
    if (alreadyPaid || paidShort) {
      return settleExtraForLink(ctx, link, received, { paidAt, now, alreadyPaid, paidShort });
    }
    // Cancelled by the club (the admin, or an erasure) and paid anyway: it buys nothing, and the
    // owner refunds it from the back office (the record may hold nobody any more).
    if (paid?.status === 'cancelled') {
      const extra = recordExtraCharge(ctx, {
        kind: 'cancelled_link',
        charge: received,
        due: link.amount,
        of: null,
        link,
        paidAt,
      });
      return extraResult('cancelled_link', extra);
    }
    // Another payment of this subscriber was recorded paid since the link was made: this money
    // is a "cobrança duplicada" of it, and the link is paid by that extra charge.
    const bought = paidSince(ctx, link.subscriberId, link.createdAt, null);
    if (bought) {
      const extra = recordExtraCharge(ctx, {
        kind: 'duplicate',
        charge: received,
        due: link.amount,
        of: bought,
        link,
        paidAt,
      });
      if (typeof extra === 'object') {
        ctx.statements.claimLink.run({
          id: link.id,
          paidAt: paidAt.getTime(),
          paymentId: extra.id,
          now: now.getTime(),
        });
      }
      return extraResult('duplicate', extra);
    }
    const paymentId = claimLinkPayment(ctx, link, received, { paidAt, now });
    if (!paymentId) return { confirmed: false, reason: 'already' };
    log.info({ linkId: link.id, paymentId }, 'payment link paid');
    return { confirmed: true, paymentId } as const;
  });
}

/** A failed attempt on a link: a `failed` payment, and the link stays payable (docs/product/decisions.md §3.2). */
export function recordLinkFailure(ctx: ConfirmationContext, link: PaymentLink, charge: ChargeResult | null) {
  const { db, clock } = ctx;
  const now = clock.now();
  db.transaction(() => {
    if (paymentByCharge(ctx, link.provider, charge?.providerChargeId)) return;
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
    // card of a stranger must not mark someone else's record (ADR 014).
  });
}

export function expireLink({ db, clock }: ConfirmationContext, linkId: string): boolean {
  const now = clock.now();
  return (
    db
      .update(paymentLinks)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'pending')))
      .run().changes > 0
  );
}
