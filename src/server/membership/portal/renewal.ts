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

/**
 * A payment link to renew (or start) the membership: renewal price for members approved before,
 * annual otherwise (docs/product/decisions.md §3.4). A pending link of the same plan still payable is reused.
 */
export async function renew(
  ctx: PortalContext,
  user: Caller,
): Promise<{ id: string; url: string; planType: PlanType; amount: number }> {
  const { db, clock } = ctx;
  const subscriber = ownRecord(ctx, user);
  if (subscriber.status === 'pending') throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedPending);
  if (subscriber.status === 'inactive') throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedInactive);
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
  if (reusable) return { ...reusable, planType, amount };
  // Held back while one of the member's attempts is unknown (the same rule as every checkout).
  const link = await createForMember(ctx.paymentLinks, subscriber.id, planType, user.id);
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
