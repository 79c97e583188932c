import { and, eq } from 'drizzle-orm';
import { saoPauloDayStart, saoPauloDaysBetween } from '../../../shared/sao-paulo-time';
import { DELETION_DEADLINE_DAYS } from '../../../shared/privacy-schemas';
import { deletionRequests } from '../../db/schema';
import type { ActivityLog } from '../activity-log';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { PaymentsService } from '../../payments/payments';
import type { SubscriberLifecycle } from '../../membership/subscribers/lifecycle';
import type { DataErasureDeps } from '../erasure/subject';
import type { PaymentLinksContext } from '../../payments/links/context';

export const DELETION_REQUESTS_PAGE_SIZE = 20;
/** The line a request leaves in the record's history (the back office shows it there too). */
export const DELETION_REQUESTED_EVENT = 'deletion_requested';

export interface DeletionRequestsDeps {
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
  activityLog: ActivityLog;
  erasure: DataErasureDeps;
  /** Voids the person's open links before the erasure (they never hold it up). */
  paymentLinks: PaymentLinksContext;
  /** Voids the person's pending in-page charges likewise (anyone can start one for any e-mail). */
  payments: Pick<PaymentsService, 'voidPendingChargesOf'>;
}

/** What every function of the deletion requests takes first. */
export type RequestsContext = ServiceDeps & DeletionRequestsDeps;

/** The last moment of the 15th São Paulo day after the day of the request. */
export function deletionDueAt(requestedAt: Date): Date {
  return new Date(saoPauloDayStart(requestedAt, DELETION_DEADLINE_DAYS + 1).getTime() - 1);
}

/** São Paulo days from `now`'s day to the deadline's day: 0 on the last day, negative once overdue. */
export function daysToDeadline(dueAt: Date, now: Date): number {
  return saoPauloDaysBetween(now, dueAt);
}

export const openFor = ({ db }: Pick<ServiceDeps, 'db'>, subscriberId: string) =>
  db
    .select()
    .from(deletionRequests)
    .where(and(eq(deletionRequests.subscriberId, subscriberId), eq(deletionRequests.status, 'open')))
    .get();
