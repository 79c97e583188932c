/** The member's own record and how their membership reads: status, period, renewal, cancellation. */
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import {
  MEMBER_STATUS_INDICATOR,
  RENEWAL_URGENT_DAYS,
  RENEWAL_WARNING_DAYS,
  type MemberOverview,
  type MemberSubscription,
} from '../../../shared/member-schemas';
import { planLabel, SUBSCRIBER_STATUS_LABELS, type PlanType } from '../../../shared/plans';
import { payments, users, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { membershipInForce } from '../membership';
import { canRenew } from '../../payments/pricing';
import type { Caller, PortalContext } from './deps';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { summary } from '../../referrals/member-summary';
import { latestFor } from '../../privacy/deletion-requests/member-request';
import { iso } from '../../lib/output';

/** The 404 of a member whose account is not tied to a record (the portal shows the next step). */
export const MSG_NOT_LINKED = 'Assinante não encontrado';

/** Whole days left in the paid period, counted up (a period ending in 3 hours has 1 day left). */
export function daysLeft(end: Date | null, now: Date): number | null {
  if (!end) return null;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** `warning` at ≤ 30 days, `urgent` at ≤ 7 (docs/product/back-office-and-member-area.md §9), for a running membership not ending by choice. */
export function renewalWarning(
  subscriber: Pick<Subscriber, 'status' | 'cancelRequestedAt'>,
  left: number | null,
): 'warning' | 'urgent' | null {
  if (left === null || subscriber.status !== 'active' || subscriber.cancelRequestedAt) return null;
  if (left <= RENEWAL_URGENT_DAYS) return 'urgent';
  if (left <= RENEWAL_WARNING_DAYS) return 'warning';
  return null;
}

/** The caller's own record, or a 404 that the portal turns into its "next step" screen. */
export function ownRecord({ subscribers }: Pick<PortalContext, 'subscribers'>, user: Caller): Subscriber {
  const subscriber = subscribers.findForUser(user);
  if (!subscriber) throw new AppError('NOT_FOUND', MSG_NOT_LINKED);
  return subscriber;
}

type LastPaid = { amount: number; planType: PlanType; paidAt: Date | null; previousEndDate: Date | null };

function lastPaidOf({ db }: PortalContext, subscriberId: string): LastPaid | undefined {
  return db
    .select({
      amount: payments.amount,
      planType: payments.planType,
      paidAt: payments.paidAt,
      previousEndDate: payments.previousEndDate,
    })
    .from(payments)
    .where(and(eq(payments.subscriberId, subscriberId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1)
    .get();
}

/**
 * When the latest confirmed payment renewed a period (it extended an earlier end) and the renewed
 * period still runs beyond the renewal warning: its payment time. The page thanks the member and
 * offers no further renewal until the next warning.
 */
function renewalJustPaid(
  subscriber: Subscriber,
  lastPaid: LastPaid | undefined,
  left: number | null,
): string | null {
  if (!lastPaid?.paidAt || lastPaid.previousEndDate === null) return null;
  if (subscriber.status !== 'active' || subscriber.cancelRequestedAt) return null;
  if (left === null || left <= RENEWAL_WARNING_DAYS) return null;
  return lastPaid.paidAt.toISOString();
}

/** Who may pay from the portal: not someone awaiting approval (already paid) nor turned off by the club. */
function renewable(subscriber: Subscriber): boolean {
  return subscriber.status !== 'pending' && subscriber.status !== 'inactive';
}

/** What the member may do now: cancel, withdraw a cancellation, renew (and at what price). */
function actionsOf(ctx: PortalContext, subscriber: Subscriber, renewedAt: string | null) {
  const running = subscriber.status === 'active' || subscriber.status === 'pending';
  const renewalPlan: PlanType = canRenew(subscriber) ? 'renewal' : 'annual';
  const prices = ctx.settings.get();
  return {
    canCancel: running && !subscriber.cancelRequestedAt,
    canWithdrawCancellation: running && !!subscriber.cancelRequestedAt,
    canRenew: renewable(subscriber) && renewedAt === null,
    renewedAt,
    renewalPlan,
    renewalPrice: renewalPlan === 'renewal' ? prices.priceRenewal : prices.priceAnnual,
  };
}

/** The referral summary (docs/product/back-office-and-member-area.md §3) of the caller's own code. */
export function referralsOf(ctx: PortalContext, user: Caller, page = 1) {
  return summary(ctx.referrals, ownRecord(ctx, user), page);
}

export function subscriptionOf(ctx: PortalContext, subscriber: Subscriber): MemberSubscription {
  const now = ctx.clock.now();
  const deletion = latestFor(ctx.deletionRequests, subscriber.id);
  const lastPaid = lastPaidOf(ctx, subscriber.id);
  const left = daysLeft(subscriber.subscriptionEndDate, now);
  const renewedAt = renewalJustPaid(subscriber, lastPaid, left);
  return {
    id: subscriber.id,
    status: subscriber.status,
    statusLabel: SUBSCRIBER_STATUS_LABELS[subscriber.status],
    indicator: MEMBER_STATUS_INDICATOR[subscriber.status],
    paymentStatus: subscriber.paymentStatus,
    planType: lastPaid?.planType ?? null,
    planLabel: lastPaid ? planLabel(lastPaid.planType) : planLabel('annual'),
    pricePaid: lastPaid?.amount ?? null,
    subscriptionStartDate: iso(subscriber.subscriptionStartDate),
    subscriptionEndDate: iso(subscriber.subscriptionEndDate),
    daysLeft: left,
    renewalWarning: renewalWarning(subscriber, left),
    hasAccess: membershipInForce(subscriber, now),
    cancelRequestedAt: iso(subscriber.cancelRequestedAt),
    ...actionsOf(ctx, subscriber, renewedAt),
    approvedAt: iso(subscriber.approvedAt),
    referralCode: subscriber.referralCode,
    deletionRequestedAt: iso(deletion?.requestedAt),
    deletionDueAt: iso(deletion?.dueAt),
  };
}

export function overview(ctx: PortalContext, user: Caller): MemberOverview {
  const account = ctx.db.select().from(users).where(eq(users.id, user.id)).get();
  if (!account) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
  const subscriber = ctx.subscribers.findForUser(user);
  const emailVerified = Boolean(account.emailVerifiedAt);
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified,
      createdAt: account.createdAt.toISOString(),
    },
    nextStep: subscriber ? null : emailVerified ? 'checkout' : 'verify_email',
    subscription: subscriber ? subscriptionOf(ctx, subscriber) : null,
  };
}
