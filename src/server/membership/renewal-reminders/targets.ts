/** Who is reminded: members whose period ends soon, and whether a threshold was already used. */
import { and, asc, eq, gt, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import { saoPauloDayStart } from '../../../shared/sao-paulo-time';
import { renewalReminders, subscriberActivity, subscribers } from '../../db/schema';
import type { Expiring, RenewalRemindersDeps, ReminderTarget } from './context';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { REMINDER_THRESHOLDS, thresholdFor } from './thresholds';

/** Approved members still in their period, not cancelling, ending within `days`. */
export function expiringWithin({ db, clock }: RenewalRemindersDeps, days: number): Expiring[] {
  const now = clock.now();
  return db
    .select()
    .from(subscribers)
    .where(
      and(
        eq(subscribers.status, 'active'),
        isNotNull(subscribers.approvedAt),
        isNull(subscribers.cancelRequestedAt),
        gt(subscribers.subscriptionEndDate, now),
        lte(subscribers.subscriptionEndDate, new Date(now.getTime() + days * DAY_MS)),
      ),
    )
    .orderBy(asc(subscribers.subscriptionEndDate))
    .all() as Expiring[];
}

function alreadySent(
  { db }: RenewalRemindersDeps,
  subscriberId: string,
  threshold: number,
  periodEnd: Date,
): boolean {
  return (
    db
      .select({ id: renewalReminders.subscriberId })
      .from(renewalReminders)
      .where(
        and(
          eq(renewalReminders.subscriberId, subscriberId),
          eq(renewalReminders.thresholdDays, threshold),
          eq(renewalReminders.periodEnd, periodEnd),
        ),
      )
      .get() !== undefined
  );
}

/** Every member who reached a threshold and was not reminded at it for this period. */
export function dueTargets(deps: RenewalRemindersDeps): ReminderTarget[] {
  const now = deps.clock.now();
  return expiringWithin(deps, Math.max(...REMINDER_THRESHOLDS)).flatMap((subscriber) => {
    const threshold = thresholdFor(subscriber.subscriptionEndDate, now);
    if (threshold === null || alreadySent(deps, subscriber.id, threshold, subscriber.subscriptionEndDate)) {
      return [];
    }
    return [{ subscriber, threshold }];
  });
}

/** Everyone with 30 days or fewer left, at the threshold they reached (30 when none yet). */
export function allExpiring(deps: RenewalRemindersDeps): ReminderTarget[] {
  const now = deps.clock.now();
  return expiringWithin(deps, 30).map((subscriber) => ({
    subscriber,
    threshold: thresholdFor(subscriber.subscriptionEndDate, now) ?? 30,
  }));
}

/** The history's event a reminder leaves, whoever sent it (the daily job or an admin). */
export const REMINDER_EVENT = 'renewal_reminder_sent';

/**
 * Whether the member already received a renewal reminder today (São Paulo's day): a manual send
 * skips them, so a second click, a retry or a send after the daily job sends nothing twice.
 * `db` may be a transaction's, for the check that decides (remind.ts).
 */
export function remindedToday(
  db: Pick<RenewalRemindersDeps['db'], 'select'>,
  subscriberId: string,
  now: Date,
): boolean {
  return (
    db
      .select({ id: subscriberActivity.id })
      .from(subscriberActivity)
      .where(
        and(
          eq(subscriberActivity.subscriberId, subscriberId),
          gte(subscriberActivity.createdAt, saoPauloDayStart(now)),
          eq(subscriberActivity.event, REMINDER_EVENT),
        ),
      )
      .get() !== undefined
  );
}
