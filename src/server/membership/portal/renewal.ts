/** Renewing, cancelling and withdrawing a cancellation from the portal. */
import { and, desc, eq, gt } from 'drizzle-orm';
import { MEMBER_MSG, type MemberSubscription } from '../../../shared/member-schemas';
import type { PlanType } from '../../../shared/plans';
import { paymentLinks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canRenew } from '../../payments/pricing';
import type { Caller, PortalContext } from './deps';
import { ownRecord, subscriptionOf } from './subscription';
import { createForMember } from '../../payments/links/create-link';
import { AUTOMATIC_RENEWAL_MSG } from '../../../shared/automatic-renewal';
import { checkoutOfferOf, renewalRowOf } from '../../payments/automatic-renewal/choice';
import type { Subscriber } from '../../db/schema';

/** The member's choice at the renewal checkout. */
export interface RenewChoice {
  automaticRenewal: boolean;
  /** The sentence the box showed (`checkoutConsentText` of the read). */
  consentText?: string | undefined;
}

/**
 * Automatic renewal ticked at the renewal checkout: the sentence the server offers now, which the
 * box must have shown (checked as `turnOn` checks it); null when not ticked. Refused, nothing
 * made, when the club has it off, it is not offered to this payment, or the sentence changed.
 */
function consentOfChoice(ctx: PortalContext, subscriber: Subscriber, choice: RenewChoice): string | null {
  if (!choice.automaticRenewal) return null;
  if (!ctx.settings.get().automaticRenewal) throw new AppError('BAD_REQUEST', AUTOMATIC_RENEWAL_MSG.clubOff);
  const row = renewalRowOf(ctx, subscriber.id);
  if (row?.enabled) throw new AppError('CONFLICT', AUTOMATIC_RENEWAL_MSG.alreadyOn);
  const offered = checkoutOfferOf(ctx, subscriber, row);
  if (!offered) throw new AppError('BAD_REQUEST', AUTOMATIC_RENEWAL_MSG.checkoutNotOffered);
  if (choice.consentText !== offered) throw new AppError('CONFLICT', AUTOMATIC_RENEWAL_MSG.consentChanged);
  return offered;
}

/**
 * A payment link to renew (or start) the membership: renewal price for members approved before,
 * annual otherwise (docs/product/decisions.md §3.4). A pending link of the same plan still payable is reused.
 */
export async function renew(
  ctx: PortalContext,
  user: Caller,
  choice: RenewChoice = { automaticRenewal: false },
): Promise<{ id: string; url: string; planType: PlanType; amount: number }> {
  const { db, clock } = ctx;
  const subscriber = ownRecord(ctx, user);
  if (subscriber.status === 'pending') throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedPending);
  if (subscriber.status === 'inactive') throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedInactive);
  const consent = consentOfChoice(ctx, subscriber, choice);
  const planType: PlanType = canRenew(subscriber) ? 'renewal' : 'annual';
  const prices = ctx.settings.get();
  const amount = planType === 'renewal' ? prices.priceRenewal : prices.priceAnnual;
  const reusable = db
    .select({ id: paymentLinks.id, url: paymentLinks.url })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.subscriberId, subscriber.id),
        eq(paymentLinks.status, 'pending'),
        eq(paymentLinks.planType, planType),
        eq(paymentLinks.amount, amount),
        eq(paymentLinks.createdBy, user.id),
        gt(paymentLinks.expiresAt, clock.now()),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1)
    .get();
  // Held back while one of the member's attempts is unknown (the same rule as every checkout).
  const link = reusable
    ? { ...reusable, planType, amount }
    : await createForMember(ctx.paymentLinks, subscriber.id, planType, user.id);
  // The latest choice counts (a link reused keeps the box as it was ticked this time); it turns
  // automatic renewal on only once the link is paid by card (the confirmation).
  db.update(paymentLinks)
    .set({ automaticRenewalConsent: consent })
    .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'pending')))
    .run();
  return { id: link.id, url: link.url, planType: link.planType, amount: link.amount };
}

export function cancel(ctx: PortalContext, user: Caller, reason?: string | null): MemberSubscription {
  const subscriber = ownRecord(ctx, user);
  const moved = ctx.lifecycle.requestCancellation(
    subscriber.id,
    { kind: 'member', id: user.id },
    reason ?? null,
  );
  return subscriptionOf(ctx, moved.subscriber);
}

export function withdrawCancellation(ctx: PortalContext, user: Caller): MemberSubscription {
  const subscriber = ownRecord(ctx, user);
  const moved = ctx.lifecycle.withdrawCancellation(subscriber.id, { kind: 'member', id: user.id });
  return subscriptionOf(ctx, moved.subscriber);
}
