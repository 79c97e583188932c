/** The back office's side: the list, the dashboard's item, and completing a request by erasing the data. */
import { and, asc, count, desc, eq, lt, min, sql, type SQL } from 'drizzle-orm';
import {
  PRIVACY_MSG,
  type DeletionRequestFilter,
  type DeletionRequestItem,
} from '../../../shared/privacy-schemas';
import { deletionRequests, subscribers, users, type DeletionRequest, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { namesById } from '../../lib/names-by-id';
import { pageOffset, paginationOf } from '../../lib/paging';
import { daysToDeadline, DELETION_REQUESTS_PAGE_SIZE, type RequestsContext } from './deps';
import { blocker, erase } from '../erasure/erase';
import { voidOpenLinksOf } from '../../payments/links/void-link';

function itemOf(
  { erasure }: RequestsContext,
  request: DeletionRequest,
  subscriber: Pick<Subscriber, 'id' | 'name' | 'email'> | null,
  completedByName: string | null,
  now: Date,
): DeletionRequestItem {
  const open = request.status === 'open';
  return {
    id: request.id,
    status: request.status,
    requestedAt: request.requestedAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    daysLeft: daysToDeadline(request.dueAt, now),
    overdue: open && now > request.dueAt,
    reason: request.reason,
    subscriber: subscriber ? { id: subscriber.id, fullName: subscriber.name, email: subscriber.email } : null,
    blocker: open ? blocker(erasure, request) : null,
    completedAt: request.completedAt?.toISOString() ?? null,
    completedBy:
      request.completedBy && completedByName !== null
        ? { id: request.completedBy, name: completedByName }
        : null,
  };
}

/** Open ones by deadline (the nearest first); completed ones newest first. */
export function list(ctx: RequestsContext, filter: DeletionRequestFilter, page: number) {
  const { db, clock } = ctx;
  const where: SQL | undefined = filter === 'all' ? undefined : eq(deletionRequests.status, filter);
  const order =
    filter === 'open'
      ? [asc(deletionRequests.dueAt)]
      : [desc(deletionRequests.requestedAt), desc(sql`${deletionRequests}.rowid`)];
  const total = db.select({ total: count() }).from(deletionRequests).where(where).get()?.total ?? 0;
  const rows = db
    .select({
      request: deletionRequests,
      subscriber: { id: subscribers.id, name: subscribers.name, email: subscribers.email },
    })
    .from(deletionRequests)
    .leftJoin(subscribers, eq(subscribers.id, deletionRequests.subscriberId))
    .where(where)
    .orderBy(...order)
    .limit(DELETION_REQUESTS_PAGE_SIZE)
    .offset(pageOffset({ page, limit: DELETION_REQUESTS_PAGE_SIZE }))
    .all();
  const admins = namesById(
    db,
    users,
    rows.map((row) => row.request.completedBy),
  );
  const now = clock.now();
  const completedByName = (id: string | null) => (id ? (admins.get(id) ?? null) : null);
  return {
    success: true as const,
    requests: rows.map((row) =>
      itemOf(
        ctx,
        row.request,
        row.subscriber?.id ? row.subscriber : null,
        completedByName(row.request.completedBy),
        now,
      ),
    ),
    pagination: paginationOf({ page, limit: DELETION_REQUESTS_PAGE_SIZE }, total),
  };
}

/** The dashboard's item. */
export function summary({ db, clock }: RequestsContext) {
  const now = clock.now();
  const isOpen = eq(deletionRequests.status, 'open');
  const open = db
    .select({ total: count(), next: min(deletionRequests.dueAt) })
    .from(deletionRequests)
    .where(isOpen)
    .get();
  const overdue =
    db
      .select({ total: count() })
      .from(deletionRequests)
      .where(and(isOpen, lt(deletionRequests.dueAt, now)))
      .get()?.total ?? 0;
  return {
    open: open?.total ?? 0,
    overdue,
    nextDueAt: open?.next ? new Date(open.next).toISOString() : null,
  };
}

/**
 * Before the erasure, what anyone could have opened in the person's name is voided at the provider
 * (open payment links, pending in-page charges: both can be started for any e-mail, and must not
 * hold the erasure up). One whose void was not confirmed, or that turns out paid, stops this
 * completion with its reason: nothing is dropped unseen, and the admin completes again once it is
 * settled (a paid one is kept as the member's payment, as any other).
 */
async function voidWhatAnyoneOpened({ db, erasure, paymentLinks, payments }: RequestsContext, id: string) {
  const request = db.select().from(deletionRequests).where(eq(deletionRequests.id, id)).get();
  if (!request) throw new AppError('NOT_FOUND', PRIVACY_MSG.requestNotFound);
  if (request.status !== 'open') throw new AppError('CONFLICT', PRIVACY_MSG.alreadyCompleted);
  const blocked = blocker(erasure, request);
  if (blocked) throw new AppError('CONFLICT', blocked);
  if (!request.subscriberId) return;
  const links = await voidOpenLinksOf(paymentLinks, request.subscriberId);
  const charges = await payments.voidPendingChargesOf(request.subscriberId);
  if (links.verifying > 0) throw new AppError('CONFLICT', PRIVACY_MSG.linkVerifying);
  if (charges.verifying > 0) throw new AppError('CONFLICT', PRIVACY_MSG.chargeVerifying);
  if (links.paid > 0) throw new AppError('CONFLICT', PRIVACY_MSG.linkPaidMeanwhile);
  if (charges.paid > 0) throw new AppError('CONFLICT', PRIVACY_MSG.chargePaidMeanwhile);
}

/**
 * The admin completes a request: the claim (open → completed) and the erasure are one
 * transaction, so a second click, a second admin or a refused erasure leaves nothing half done.
 */
export async function complete(ctx: RequestsContext, id: string, adminId: string) {
  await voidWhatAnyoneOpened(ctx, id);
  const { db, clock, log, erasure, activityLog } = ctx;
  const result = db.transaction(() => {
    const request = db.select().from(deletionRequests).where(eq(deletionRequests.id, id)).get();
    if (!request) throw new AppError('NOT_FOUND', PRIVACY_MSG.requestNotFound);
    const now = clock.now();
    const claimed = db
      .update(deletionRequests)
      .set({ status: 'completed', completedAt: now, completedBy: adminId, reason: null })
      .where(and(eq(deletionRequests.id, id), eq(deletionRequests.status, 'open')))
      .returning()
      .get();
    if (!claimed) throw new AppError('CONFLICT', PRIVACY_MSG.alreadyCompleted);
    const erased = erase(erasure, { request, adminId });
    activityLog.record({
      action: 'deletion_completed',
      actor: { kind: 'admin', id: adminId },
      subscriberId: erased.subscriberId,
      details: { requestId: id, paymentsKept: erased.paymentsKept, accountClosed: erased.accountClosed },
    });
    return erased;
  });
  log.info({ requestId: id, subscriberId: result.subscriberId }, 'data deletion request completed');
  return result;
}
