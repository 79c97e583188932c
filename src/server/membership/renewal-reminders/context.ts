/** What the renewal reminders are built from, and the state they keep. */
import type { Subscriber } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { SubscriberLifecycle } from '../subscribers/lifecycle';
import type { ReminderThreshold } from './thresholds';
import type { PaymentLinksContext } from '../../payments/links/context';

/** What the renewal reminders are built from, by name. */
export type RenewalRemindersDeps = ServiceDeps & {
  outbox: OutboxService;
  paymentLinks: PaymentLinksContext;
  lifecycle: Pick<SubscriberLifecycle, 'record'>;
};

/** The dependencies plus the daily pass under way, which overlapping calls share. */
export type RemindersContext = RenewalRemindersDeps & { running: Promise<RemindersResult> | null };

/** The dependencies plus the run in progress, if any (one run at a time). */
export function createRemindersContext(deps: RenewalRemindersDeps): RemindersContext {
  return { ...deps, running: null };
}

export interface RemindersResult {
  sent: number;
  /** The renewal link could not be created (provider down): tried again on the next run. */
  failed: number;
}

/** An admin's send: also how many were skipped because they already got a reminder today. */
export interface ManualRemindersResult extends RemindersResult {
  skippedToday: number;
}

/** Who an admin's send would reach, said before sending. */
export interface ReminderRecipient {
  subscriberId: string;
  name: string;
  periodEnd: Date;
  whatsapp: boolean;
  /** Already reminded today: skipped by the send. */
  remindedToday: boolean;
}

/** A member whose period ends (the query only finds those with an end date). */
export type Expiring = Subscriber & { subscriptionEndDate: Date };

export interface ReminderTarget {
  subscriber: Expiring;
  threshold: ReminderThreshold;
}
