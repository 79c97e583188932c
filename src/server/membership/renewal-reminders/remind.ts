/** Sending a reminder: the renewal link first, then the claim and the messages in one transaction. */
import { formatDate, formatMoney } from '../../../shared/format';
import { renewalReminders } from '../../db/schema';
import type { Actor } from '../subscribers/lifecycle';
import type {
  ManualRemindersResult,
  ReminderRecipient,
  RemindersContext,
  RemindersResult,
  RenewalRemindersDeps,
  ReminderTarget,
} from './context';
import { REMINDER_THRESHOLDS } from './thresholds';
import { allExpiring, dueTargets, REMINDER_EVENT, remindedToday } from './targets';
import { createForSubscriber } from '../../payments/links/create-link';

type Tx = Parameters<Parameters<RenewalRemindersDeps['db']['transaction']>[0]>[0];
type RenewalLink = Awaited<ReturnType<typeof createForSubscriber>>;

/** Claims the threshold's row for this period; false when another run (or an earlier one) has it. */
function claimThreshold(tx: Tx, { subscriber, threshold }: ReminderTarget, linkId: string, sentBy: string) {
  const [claimed] = tx
    .insert(renewalReminders)
    .values({
      subscriberId: subscriber.id,
      thresholdDays: threshold,
      periodEnd: subscriber.subscriptionEndDate,
      paymentLinkId: linkId,
      sentBy,
    })
    .onConflictDoNothing()
    .returning()
    .all();
  return Boolean(claimed);
}

/** The farther thresholds this reminder passes over: a member past both gets only the nearer one. */
function claimFarther(tx: Tx, { subscriber, threshold }: ReminderTarget, sentBy: string) {
  for (const farther of REMINDER_THRESHOLDS.filter((days) => days > threshold)) {
    tx.insert(renewalReminders)
      .values({
        subscriberId: subscriber.id,
        thresholdDays: farther,
        periodEnd: subscriber.subscriptionEndDate,
        sentBy,
      })
      .onConflictDoNothing()
      .run();
  }
}

/** The e-mail, the WhatsApp (when there is a number) and the history line. */
function queueMessages(
  { outbox, lifecycle }: RenewalRemindersDeps,
  { subscriber, threshold }: ReminderTarget,
  link: RenewalLink,
  actor: Actor,
) {
  const periodEnd = subscriber.subscriptionEndDate;
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
    event: REMINDER_EVENT,
    actor,
    details: { thresholdDays: threshold, paymentLinkId: link.id, periodEnd: periodEnd.toISOString() },
  });
}

/** What one reminder came to: queued, or not (threshold used; already reminded today). */
type Outcome = 'sent' | 'claimed' | 'remindedToday';

/**
 * Creates the renewal link and, in one transaction, claims the threshold (and the farther ones it
 * passes over) and queues the messages. `always`: send even when the threshold was claimed (an
 * admin's explicit click), but never twice on one day: the check and the history line that it
 * reads are in the same transaction, so two clicks, a retry or two tabs cannot both send.
 */
async function remind(
  deps: RenewalRemindersDeps,
  target: ReminderTarget,
  actor: Actor,
  always: boolean,
): Promise<Outcome> {
  const adminId = actor.kind === 'admin' ? actor.id : null;
  // Checked before the link too: a member already reminded today costs no provider call.
  if (always && remindedToday(deps.db, target.subscriber.id, deps.clock.now())) return 'remindedToday';
  const link = await createForSubscriber(deps.paymentLinks, target.subscriber.id, 'renewal', adminId);
  return deps.db.transaction((tx): Outcome => {
    const sentBy = adminId ?? 'job';
    // Another click won while the link was being made: that link is never sent (it expires).
    if (always && remindedToday(tx, target.subscriber.id, deps.clock.now())) return 'remindedToday';
    if (!claimThreshold(tx, target, link.id, sentBy) && !always) return 'claimed';
    claimFarther(tx, target, sentBy);
    queueMessages(deps, target, link, actor);
    return 'sent';
  });
}

async function sendAll(
  deps: RenewalRemindersDeps,
  targets: ReminderTarget[],
  actor: Actor,
  always: boolean,
): Promise<ManualRemindersResult> {
  const result: ManualRemindersResult = { sent: 0, failed: 0, skippedToday: 0 };
  for (const target of targets) {
    try {
      const outcome = await remind(deps, target, actor, always);
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'remindedToday') result.skippedToday++;
    } catch (error) {
      result.failed++;
      deps.log.warn(
        { subscriberId: target.subscriber.id, err: (error as Error).message },
        'renewal reminder failed',
      );
    }
  }
  return result;
}

/**
 * The daily pass: every member who reached a threshold and was not reminded at it for this
 * period. Overlapping calls share one run.
 */
export function runDue(ctx: RemindersContext): Promise<RemindersResult> {
  ctx.running ??= (async () => {
    const { sent, failed } = await sendAll(ctx, dueTargets(ctx), { kind: 'system' }, false);
    const result: RemindersResult = { sent, failed };
    if (sent + failed > 0) ctx.log.info(result, 'renewal reminders');
    return result;
  })().finally(() => {
    ctx.running = null;
  });
  return ctx.running;
}

/**
 * The admin's button: everyone with 30 days or fewer left, reminded now, except who already got a
 * reminder today (counted in `skippedToday`).
 */
export function sendToAllExpiring(
  deps: RenewalRemindersDeps,
  adminId: string,
): Promise<ManualRemindersResult> {
  return sendAll(deps, allExpiring(deps), { kind: 'admin', id: adminId }, true);
}

/** Who the admin's button would reach, in the order it sends, and who it would skip (reminded today). */
export function expiringRecipients(deps: RenewalRemindersDeps): ReminderRecipient[] {
  const now = deps.clock.now();
  return allExpiring(deps).map(({ subscriber }) => ({
    subscriberId: subscriber.id,
    name: subscriber.name,
    periodEnd: subscriber.subscriptionEndDate,
    whatsapp: Boolean(subscriber.phone),
    remindedToday: remindedToday(deps.db, subscriber.id, now),
  }));
}
