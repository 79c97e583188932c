/** A member's request: opened once per record, told to the admins; the portal reads the newest. */
import { desc, eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/format';
import { deletionRequests, type DeletionRequest, type Subscriber } from '../../db/schema';
import { emailEveryAdmin } from '../../messaging/admin-alerts';
import { newId } from '../../lib/ids';
import { DELETION_REQUESTED_EVENT, deletionDueAt, openFor, type RequestsContext } from './deps';

/** Every admin is told; the message names nobody (the outbox keeps it). */
function tellAdmins({ db, env, outbox }: RequestsContext, dueAt: Date) {
  emailEveryAdmin({ db, outbox }, 'lgpd_request', {
    dueDate: formatDate(dueAt),
    requestsUrl: `${env.publicUrl}/admin/lgpd`,
  });
}

/**
 * A member asks (from the portal, `userId` their account): one open request per record — asking again, even from two
 * tabs at once, finds the first. Recorded in the history and the activity log; admins e-mailed.
 */
export function open(
  ctx: RequestsContext,
  subscriber: Subscriber,
  userId: string | null,
  reason: string | null,
) {
  const { db, clock, log, lifecycle, activityLog } = ctx;
  return db.transaction(() => {
    const existing = openFor(ctx, subscriber.id);
    if (existing) return { request: existing, created: false };
    const now = clock.now();
    const request = db
      .insert(deletionRequests)
      .values({
        id: newId(),
        subscriberId: subscriber.id,
        userId,
        reason,
        requestedAt: now,
        dueAt: deletionDueAt(now),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!request) return { request: openFor(ctx, subscriber.id)!, created: false };
    // A request always comes from the member's account; the demo seed also makes one without.
    const actor = userId ? ({ kind: 'member', id: userId } as const) : ({ kind: 'system' } as const);
    lifecycle.record({ subscriberId: subscriber.id, event: DELETION_REQUESTED_EVENT, actor, reason });
    activityLog.record({
      action: 'deletion_requested',
      actor,
      subscriberId: subscriber.id,
      details: { requestId: request.id },
    });
    tellAdmins(ctx, request.dueAt);
    log.info({ subscriberId: subscriber.id, requestId: request.id }, 'member asked for data deletion');
    return { request, created: true };
  });
}

/** The newest request of a record (open or completed), for the portal. */
export function latestFor({ db }: RequestsContext, subscriberId: string): DeletionRequest | undefined {
  return db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.subscriberId, subscriberId))
    .orderBy(desc(deletionRequests.requestedAt))
    .limit(1)
    .get();
}
