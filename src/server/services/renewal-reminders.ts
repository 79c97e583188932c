/**
 * Renewal reminders (docs/product/decisions.md §3.4): a renewal payment link sent by e-mail and WhatsApp to
 * approved members whose paid period ends soon. The daily job sends one at 30 days left and one
 * at 7 (only the nearer one when a member is already past both), each at most once per threshold
 * and period; the WhatsApp screen's button sends to everyone with 30 days or fewer left.
 *
 * What was sent is remembered in `renewal_reminders`, written in the same transaction as the
 * queued messages: a second run, a restart or two overlapping runs find the row and send nothing.
 * The renewal link is created first (the provider call cannot be inside a transaction); when a
 * concurrent run won the row, that link is simply never sent and expires in 48 hours.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { formatDate, formatMoney } from '../../shared/format';
import { renewalReminders, subscribers, type Subscriber } from '../db/schema';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { PaymentLinksService } from './payment-links';
import type { Actor, SubscriberLifecycle } from './subscriber-lifecycle';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left at which the job reminds, farthest first. */
export const REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

export interface RemindersResult {
  sent: number;
  /** The renewal link could not be created (provider down): tried again on the next run. */
  failed: number;
}

/** The nearest threshold a period ending at `end` has reached, or null when more than 30 days remain. */
export function thresholdFor(end: Date, now: Date): ReminderThreshold | null {
  const left = end.getTime() - now.getTime();
  if (left <= 0) return null;
  const reached = REMINDER_THRESHOLDS.filter((days) => left <= days * DAY_MS);
  return reached.length > 0 ? reached[reached.length - 1]! : null;
}

export function createRenewalReminders({
  db,
  clock,
  log,
  outbox,
  paymentLinks,
  lifecycle,
}: ServiceDeps & {
  outbox: OutboxService;
  paymentLinks: Pick<PaymentLinksService, 'createForSubscriber'>;
  lifecycle: Pick<SubscriberLifecycle, 'record'>;
}) {
  let running: Promise<RemindersResult> | null = null;

  /** Approved members still in their period, not cancelling, ending within `days`. */
  function expiringWithin(days: number): (Subscriber & { subscriptionEndDate: Date })[] {
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
      .all() as (Subscriber & { subscriptionEndDate: Date })[];
  }

  function alreadySent(subscriberId: string, threshold: number, periodEnd: Date): boolean {
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

  /**
   * Creates the renewal link and, in one transaction, claims the threshold (and the farther ones
   * it passes over) and queues the messages. `always`: send even when the threshold was claimed
   * (an admin's explicit click). Returns whether messages were queued.
   */
  async function remind(
    subscriber: Subscriber & { subscriptionEndDate: Date },
    threshold: ReminderThreshold,
    actor: Actor,
    always: boolean,
  ): Promise<boolean> {
    const link = await paymentLinks.createForSubscriber(
      subscriber.id,
      'renewal',
      actor.kind === 'admin' ? actor.id : null,
    );
    const periodEnd = subscriber.subscriptionEndDate;
    const sentBy = actor.kind === 'admin' ? actor.id : 'job';
    return db.transaction((tx) => {
      const claimed = tx
        .insert(renewalReminders)
        .values({
          subscriberId: subscriber.id,
          thresholdDays: threshold,
          periodEnd,
          paymentLinkId: link.id,
          sentBy,
        })
        .onConflictDoNothing()
        .returning()
        .get();
      if (!claimed && !always) return false;
      for (const farther of REMINDER_THRESHOLDS.filter((days) => days > threshold)) {
        tx.insert(renewalReminders)
          .values({ subscriberId: subscriber.id, thresholdDays: farther, periodEnd, sentBy })
          .onConflictDoNothing()
          .run();
      }
      const vars = {
        name: subscriber.name,
        endDate: formatDate(periodEnd),
        amount: formatMoney(link.amount),
        paymentUrl: link.url,
      };
      outbox.enqueue({ channel: 'email', recipient: subscriber.email, template: 'renewal', vars });
      if (subscriber.phone) {
        outbox.enqueue({ channel: 'whatsapp', recipient: subscriber.phone, template: 'renewal', vars });
      }
      lifecycle.record({
        subscriberId: subscriber.id,
        event: 'renewal_reminder_sent',
        actor,
        details: { thresholdDays: threshold, paymentLinkId: link.id, periodEnd: periodEnd.toISOString() },
      });
      return true;
    });
  }

  async function sendAll(
    targets: { subscriber: Subscriber & { subscriptionEndDate: Date }; threshold: ReminderThreshold }[],
    actor: Actor,
    always: boolean,
  ): Promise<RemindersResult> {
    const result: RemindersResult = { sent: 0, failed: 0 };
    for (const { subscriber, threshold } of targets) {
      try {
        if (await remind(subscriber, threshold, actor, always)) result.sent++;
      } catch (error) {
        result.failed++;
        log.warn({ subscriberId: subscriber.id, err: (error as Error).message }, 'renewal reminder failed');
      }
    }
    return result;
  }

  return {
    /**
     * The daily pass: every member who reached a threshold and was not reminded at it for this
     * period. Overlapping calls share one run.
     */
    runDue(): Promise<RemindersResult> {
      running ??= (async () => {
        const now = clock.now();
        const targets = expiringWithin(Math.max(...REMINDER_THRESHOLDS)).flatMap((subscriber) => {
          const threshold = thresholdFor(subscriber.subscriptionEndDate, now);
          if (threshold === null || alreadySent(subscriber.id, threshold, subscriber.subscriptionEndDate)) {
            return [];
          }
          return [{ subscriber, threshold }];
        });
        const result = await sendAll(targets, { kind: 'system' }, false);
        if (result.sent + result.failed > 0) log.info(result, 'renewal reminders');
        return result;
      })().finally(() => {
        running = null;
      });
      return running;
    },

    /** The admin's button: everyone with 30 days or fewer left, reminded now. */
    sendToAllExpiring(adminId: string): Promise<RemindersResult> {
      const now = clock.now();
      const targets = expiringWithin(30).map((subscriber) => ({
        subscriber,
        threshold: thresholdFor(subscriber.subscriptionEndDate, now) ?? 30,
      }));
      return sendAll(targets, { kind: 'admin', id: adminId }, true);
    },
  };
}

export type RenewalReminders = ReturnType<typeof createRenewalReminders>;
