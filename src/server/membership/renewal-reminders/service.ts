/**
 * Renewal reminders (docs/product/decisions.md §3.4): a renewal payment link sent by e-mail and WhatsApp to
 * approved members whose paid period ends soon. The daily job sends one at 30 days left and one
 * at 7 (only the nearer one when a member is already past both), each at most once per threshold
 * and period; the WhatsApp screen's button (and the dashboard's list) sends to everyone with 30 days
 * or fewer left, after saying who, skipping anyone already reminded that day.
 *
 * What was sent is remembered in `renewal_reminders`, written in the same transaction as the
 * queued messages: a second run, a restart or two overlapping runs find the row and send nothing.
 * The renewal link is created first (the provider call cannot be inside a transaction); when a
 * concurrent run won the row, that link is simply never sent and expires in 48 hours.
 * Who is reminded lives in `renewal-reminders/targets.ts`, the sending in `renewal-reminders/remind.ts`.
 */
import { createRemindersContext, type RenewalRemindersDeps } from './context';
import { expiringRecipients, runDue, sendToAllExpiring } from './remind';

export type {
  ManualRemindersResult,
  ReminderRecipient,
  RemindersResult,
  RenewalRemindersDeps,
} from './context';
export { REMINDER_THRESHOLDS, thresholdFor, type ReminderThreshold } from './thresholds';

export function createRenewalReminders(deps: RenewalRemindersDeps) {
  const ctx = createRemindersContext(deps);
  return {
    runDue: () => runDue(ctx),
    sendToAllExpiring: (adminId: string) => sendToAllExpiring(ctx, adminId),
    expiringRecipients: () => expiringRecipients(ctx),
  };
}

export type RenewalReminders = ReturnType<typeof createRenewalReminders>;
