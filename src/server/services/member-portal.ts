/**
 * The member portal (docs/product/back-office-and-member-area.md §2 "User layout", docs/product/decisions.md §3.4–§3.6, §4): everything a signed-in
 * member reads or changes of their OWN record. Every function takes the caller (the session's
 * user), never a subscriber id: the record is the one tied to the account (ADR 014), so one member
 * can never reach another's data by sending an id.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { PublicUser } from '../../shared/auth-schemas';
import { subscriberAddressOf } from '../../shared/fields/address';
import { MSG } from '../../shared/messages';
import {
  MEMBER_MSG,
  MEMBER_STATUS_INDICATOR,
  RENEWAL_URGENT_DAYS,
  RENEWAL_WARNING_DAYS,
  type MemberDataExport,
  type MemberOverview,
  type MemberPayment,
  type MemberProfile,
  type MemberProfileInput,
  type MemberSubscription,
} from '../../shared/member-schemas';
import { paymentStatusLabel, planLabel, SUBSCRIBER_STATUS_LABELS, type PlanType } from '../../shared/plans';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/password';
import { paymentLinks, payments, referrals, subscribers, users, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import type { AccountSecurity } from './account-security';
import type { ActivityLog } from './activity-log';
import type { DeletionRequests } from './deletion-requests';
import type { ServiceDeps } from './deps';
import { membershipInForce } from './membership';
import type { PaymentLinksService } from './payment-links';
import { canRenew } from './pricing';
import type { ReferralsService } from './referrals';
import type { SettingsService } from './settings';
import type { SubscriberLifecycle } from './subscriber-lifecycle';
import { profileColumnsOf } from './subscriber-admin';
import type { SubscribersService } from './subscribers';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The 404 of a member whose account is not tied to a record (the portal shows the next step). */
export const MSG_NOT_LINKED = 'Assinante não encontrado';

type Caller = Pick<PublicUser, 'id'>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

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

export interface MemberPortalDeps {
  /** Ends the other sessions and tells the owner when the password changes. */
  accountSecurity: AccountSecurity;
  settings: SettingsService;
  subscribers: SubscribersService;
  lifecycle: SubscriberLifecycle;
  paymentLinks: PaymentLinksService;
  referrals: ReferralsService;
  // LGPD (ADR 029).
  deletionRequests: DeletionRequests;
  activityLog: ActivityLog;
}

export function createMemberPortal({
  db,
  clock,
  log,
  accountSecurity,
  settings,
  subscribers: subscribersService,
  lifecycle,
  paymentLinks: links,
  referrals: referralsService,
  deletionRequests,
  activityLog,
}: ServiceDeps & MemberPortalDeps) {
  /** The caller's own record, or a 404 that the portal turns into its "next step" screen. */
  function ownRecord(user: Caller): Subscriber {
    const subscriber = subscribersService.findForUser(user);
    if (!subscriber) throw new AppError('NOT_FOUND', MSG_NOT_LINKED);
    return subscriber;
  }

  function subscriptionOf(subscriber: Subscriber): MemberSubscription {
    const now = clock.now();
    const deletion = deletionRequests.latestFor(subscriber.id);
    const lastPaid = db
      .select({
        amount: payments.amount,
        planType: payments.planType,
        paidAt: payments.paidAt,
        previousEndDate: payments.previousEndDate,
      })
      .from(payments)
      .where(and(eq(payments.subscriberId, subscriber.id), eq(payments.status, 'paid')))
      .orderBy(desc(payments.paidAt))
      .limit(1)
      .get();
    const left = daysLeft(subscriber.subscriptionEndDate, now);
    const renewedAt = renewalJustPaid(subscriber, lastPaid, left);
    const renewalPlan: PlanType = canRenew(subscriber) ? 'renewal' : 'annual';
    const prices = settings.get();
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
      canCancel:
        (subscriber.status === 'active' || subscriber.status === 'pending') && !subscriber.cancelRequestedAt,
      canWithdrawCancellation:
        (subscriber.status === 'active' || subscriber.status === 'pending') && !!subscriber.cancelRequestedAt,
      canRenew: renewable(subscriber) && renewedAt === null,
      renewedAt,
      renewalPlan,
      renewalPrice: renewalPlan === 'renewal' ? prices.priceRenewal : prices.priceAnnual,
      approvedAt: iso(subscriber.approvedAt),
      referralCode: subscriber.referralCode,
      deletionRequestedAt: iso(deletion?.requestedAt),
      deletionDueAt: iso(deletion?.dueAt),
    };
  }

  /**
   * When the latest confirmed payment renewed a period (it extended an earlier end) and the renewed
   * period still runs beyond the renewal warning: its payment time. The page thanks the member and
   * offers no further renewal until the next warning.
   */
  function renewalJustPaid(
    subscriber: Subscriber,
    lastPaid: { paidAt: Date | null; previousEndDate: Date | null } | undefined,
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

  function profileOf(subscriber: Subscriber): MemberProfile {
    return {
      email: subscriber.email,
      fullName: subscriber.name,
      phone: subscriber.phone,
      cpf: subscriber.cpf,
      birthDate: subscriber.birthDate,
      gender: subscriber.gender,
      profession: subscriber.profession,
      shirtSize: subscriber.shirtSize,
      winePreference: subscriber.winePreference,
      ...subscriberAddressOf(subscriber),
    };
  }

  async function checkPassword(userId: string, password: string) {
    const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    if (!row?.hash || !(await verifyPassword(row.hash, password))) {
      throw new AppError('BAD_REQUEST', MEMBER_MSG.currentPasswordWrong);
    }
  }

  return {
    overview(user: Caller): MemberOverview {
      const account = db.select().from(users).where(eq(users.id, user.id)).get();
      if (!account) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
      const subscriber = subscribersService.findForUser(user);
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
        subscription: subscriber ? subscriptionOf(subscriber) : null,
      };
    },

    profile(user: Caller): MemberProfile {
      return profileOf(ownRecord(user));
    },

    /** Saves the fields a member may change; each change goes to the record's history. */
    updateProfile(user: Caller, input: MemberProfileInput): MemberProfile {
      const current = ownRecord(user);
      const values = profileColumnsOf(input);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, value] of Object.entries(values)) {
        const before = current[key as keyof typeof values] ?? null;
        if (before !== (value ?? null)) {
          // Never the full CPF in the history: whether it changed is what the club needs.
          changes[key] =
            key === 'cpf'
              ? { from: before ? '***' : null, to: value ? '***' : null }
              : { from: before, to: value };
        }
      }
      const now = clock.now();
      const updated = db.transaction(() => {
        const row = db
          .update(subscribers)
          .set({ ...values, lastModifiedBy: user.id, updatedAt: now })
          .where(eq(subscribers.id, current.id))
          .returning()
          .get();
        if (Object.keys(changes).length > 0) {
          lifecycle.record({
            subscriberId: current.id,
            event: 'edited',
            actor: { kind: 'member', id: user.id },
            details: { changes },
          });
        }
        return row;
      });
      if (!updated) throw new AppError('NOT_FOUND', MSG_NOT_LINKED);
      return profileOf(updated);
    },

    /**
     * New password: the other sessions of the account end, the one making the change stays, and the
     * owner is told on the proven e-mail.
     */
    async changePassword(
      user: Caller & { sessionId: string; name?: string; email?: string },
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      await checkPassword(user.id, input.currentPassword);
      if (input.currentPassword === input.newPassword) {
        throw new AppError('BAD_REQUEST', MEMBER_MSG.newPasswordSame);
      }
      assertStrongPassword(input.newPassword, user);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      db.transaction(() => {
        db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).run();
        accountSecurity.credentialChanged({
          userId: user.id,
          notice: 'password_changed',
          keepSessionId: user.sessionId,
        });
      });
      log.info({ userId: user.id }, 'member changed password');
    },

    /**
     * A payment link to renew (or start) the membership: renewal price for members approved before,
     * annual otherwise (docs/product/decisions.md §3.4). A pending link of the same plan still payable is reused.
     */
    async renew(user: Caller): Promise<{ id: string; url: string; planType: PlanType; amount: number }> {
      const subscriber = ownRecord(user);
      if (subscriber.status === 'pending') throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedPending);
      if (subscriber.status === 'inactive')
        throw new AppError('CONFLICT', MEMBER_MSG.renewNotAllowedInactive);
      const planType: PlanType = canRenew(subscriber) ? 'renewal' : 'annual';
      const prices = settings.get();
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
      const link = await links.createForSubscriber(subscriber.id, planType, user.id);
      return { id: link.id, url: link.url, planType: link.planType, amount: link.amount };
    },

    cancel(user: Caller, reason?: string | null): MemberSubscription {
      const subscriber = ownRecord(user);
      const moved = lifecycle.requestCancellation(
        subscriber.id,
        { kind: 'member', id: user.id },
        reason ?? null,
      );
      return subscriptionOf(moved.subscriber);
    },

    withdrawCancellation(user: Caller): MemberSubscription {
      const subscriber = ownRecord(user);
      const moved = lifecycle.withdrawCancellation(subscriber.id, { kind: 'member', id: user.id });
      return subscriptionOf(moved.subscriber);
    },

    payments(user: Caller): MemberPayment[] {
      const subscriber = subscribersService.findForUser(user);
      if (!subscriber) return [];
      return db
        .select()
        .from(payments)
        .where(eq(payments.subscriberId, subscriber.id))
        .orderBy(desc(payments.createdAt))
        .limit(200)
        .all()
        .map((row) => ({
          id: row.id,
          _id: row.id,
          transactionId: row.transactionId,
          amount: row.amount,
          status: row.status,
          statusLabel: paymentStatusLabel(row.status, row.refundStatus),
          method: row.method,
          cardBrand: row.cardBrand,
          cardLast4: row.cardLast4,
          planType: row.planType,
          description: row.description,
          createdAt: row.createdAt.toISOString(),
          paidAt: iso(row.paidAt),
          date: (row.paidAt ?? row.createdAt).toISOString(),
        }));
    },

    /** docs/product/back-office-and-member-area.md §3 "Referral summary" of the caller's own code. */
    referrals(user: Caller, page = 1) {
      return referralsService.summary(ownRecord(user), page);
    },

    /**
     * LGPD (art. 18, II): everything held about the member. Secrets (password hash, session and
     * link tokens) are not data about the person and stay out; other people appear only as the
     * name and e-mail the member's own referral page already shows.
     */
    exportData(user: Caller): MemberDataExport {
      const account = db.select().from(users).where(eq(users.id, user.id)).get();
      if (!account) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
      const subscriber = subscribersService.findForUser(user);
      activityLog.record({
        action: 'data_exported',
        actor: { kind: 'member', id: user.id },
        subscriberId: subscriber?.id ?? null,
      });
      const dates = <T extends Record<string, unknown>>(row: T) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            value instanceof Date ? value.toISOString() : value,
          ]),
        );
      const { passwordHash: _hash, ...accountData } = account;
      const base: MemberDataExport = {
        exportedAt: clock.now().toISOString(),
        account: dates(accountData),
        subscriber: null,
        payments: [],
        paymentLinks: [],
        referrals: { asReferrer: [], referredBy: null },
        activity: [],
      };
      if (!subscriber) return base;
      const referred = db
        .select({
          id: referrals.id,
          referralCode: referrals.referralCode,
          status: referrals.status,
          commissionAmount: referrals.commissionAmount,
          createdAt: referrals.createdAt,
          confirmedAt: referrals.confirmedAt,
          paidAt: referrals.paidAt,
          cancelledAt: referrals.cancelledAt,
          referredName: subscribers.name,
          referredEmail: subscribers.email,
        })
        .from(referrals)
        .innerJoin(subscribers, eq(subscribers.id, referrals.referredId))
        .where(eq(referrals.referrerId, subscriber.id))
        .all();
      const referredBy = db
        .select({ referralCode: referrals.referralCode, createdAt: referrals.createdAt })
        .from(referrals)
        .where(eq(referrals.referredId, subscriber.id))
        .get();
      return {
        ...base,
        subscriber: dates(subscriber),
        payments: db
          .select()
          .from(payments)
          .where(eq(payments.subscriberId, subscriber.id))
          .orderBy(payments.createdAt)
          .all()
          .map(dates),
        paymentLinks: db
          .select()
          .from(paymentLinks)
          .where(eq(paymentLinks.subscriberId, subscriber.id))
          .orderBy(paymentLinks.createdAt)
          .all()
          .map(dates),
        referrals: { asReferrer: referred.map(dates), referredBy: referredBy ? dates(referredBy) : null },
        activity: lifecycle.history(subscriber.id).map(dates),
      };
    },

    /**
     * LGPD (art. 18, VI): the member asks for their data to be erased. The request reaches the
     * club's back office with its legal deadline (deletion-requests.ts); payments stay (tax law
     * requires them); asked once.
     */
    requestDeletion(
      user: Caller,
      reason?: string | null,
    ): { requestedAt: string; alreadyRequested: boolean } {
      const subscriber = subscribersService.findForUser(user);
      if (!subscriber) throw new AppError('CONFLICT', MEMBER_MSG.deletionNeedsRecord);
      const { request, created } = deletionRequests.open(subscriber, user.id, reason || null);
      return { requestedAt: request.requestedAt.toISOString(), alreadyRequested: !created };
    },
  };
}

export type MemberPortal = ReturnType<typeof createMemberPortal>;
