/**
 * Members' requests to erase their personal data (LGPD art. 18, VI; ADR 029), from the portal to the
 * owner: each request is a row with its legal deadline (15 São Paulo calendar days after the day it
 * was made), the admins are e-mailed when one arrives, the back office lists them and completes one
 * by erasing the data (data-erasure.ts) — once, whoever clicks first.
 */
import { and, asc, count, desc, eq, lt, min, sql, type SQL } from 'drizzle-orm';
import { formatDate } from '../../shared/format';
import { saoPauloDayStart, saoPauloDaysBetween } from '../../shared/sao-paulo-time';
import {
  DELETION_DEADLINE_DAYS,
  PRIVACY_MSG,
  type DeletionRequestFilter,
  type DeletionRequestItem,
} from '../../shared/privacy-schemas';
import { deletionRequests, subscribers, users, type DeletionRequest, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { ActivityLog } from './activity-log';
import type { DataErasure } from './data-erasure';
import type { ServiceDeps } from './deps';
import { namesById } from './names-by-id';
import type { OutboxService } from './outbox';
import type { SubscriberLifecycle } from './subscriber-lifecycle';

export const DELETION_REQUESTS_PAGE_SIZE = 20;
/** The line a request leaves in the record's history (the back office shows it there too). */
export const DELETION_REQUESTED_EVENT = 'deletion_requested';

/** The last moment of the 15th São Paulo day after the day of the request. */
export function deletionDueAt(requestedAt: Date): Date {
  return new Date(saoPauloDayStart(requestedAt, DELETION_DEADLINE_DAYS + 1).getTime() - 1);
}

/** São Paulo days from `now`'s day to the deadline's day: 0 on the last day, negative once overdue. */
export function daysToDeadline(dueAt: Date, now: Date): number {
  return saoPauloDaysBetween(now, dueAt);
}

export interface DeletionRequestsDeps {
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
  activityLog: ActivityLog;
  erasure: DataErasure;
}

export function createDeletionRequests({
  db,
  clock,
  env,
  log,
  outbox,
  lifecycle,
  activityLog,
  erasure,
}: ServiceDeps & DeletionRequestsDeps) {
  const openFor = (subscriberId: string) =>
    db
      .select()
      .from(deletionRequests)
      .where(and(eq(deletionRequests.subscriberId, subscriberId), eq(deletionRequests.status, 'open')))
      .get();

  /** Every admin is told; the message names nobody (the outbox keeps it). */
  function tellAdmins(dueAt: Date) {
    const admins = db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).all();
    for (const admin of admins) {
      outbox.enqueue({
        channel: 'email',
        recipient: admin.email,
        template: 'lgpd_request',
        vars: { dueDate: formatDate(dueAt), requestsUrl: `${env.publicUrl}/admin/lgpd` },
      });
    }
  }

  function itemOf(
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
      subscriber: subscriber
        ? { id: subscriber.id, fullName: subscriber.name, email: subscriber.email }
        : null,
      blocker: open ? erasure.blocker(request) : null,
      completedAt: request.completedAt?.toISOString() ?? null,
      completedBy:
        request.completedBy && completedByName !== null
          ? { id: request.completedBy, name: completedByName }
          : null,
    };
  }

  return {
    /**
     * A member asks (from the portal, `userId` their account): one open request per record — asking again, even from two
     * tabs at once, finds the first. Recorded in the history and the activity log; admins e-mailed.
     */
    open(subscriber: Subscriber, userId: string | null, reason: string | null) {
      return db.transaction(() => {
        const existing = openFor(subscriber.id);
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
        if (!request) return { request: openFor(subscriber.id)!, created: false };
        // A request always comes from the member's account; the demo seed also makes one without.
        const actor = userId ? ({ kind: 'member', id: userId } as const) : ({ kind: 'system' } as const);
        lifecycle.record({ subscriberId: subscriber.id, event: DELETION_REQUESTED_EVENT, actor, reason });
        activityLog.record({
          action: 'deletion_requested',
          actor,
          subscriberId: subscriber.id,
          details: { requestId: request.id },
        });
        tellAdmins(request.dueAt);
        log.info({ subscriberId: subscriber.id, requestId: request.id }, 'member asked for data deletion');
        return { request, created: true };
      });
    },

    /** The newest request of a record (open or completed), for the portal. */
    latestFor(subscriberId: string): DeletionRequest | undefined {
      return db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.subscriberId, subscriberId))
        .orderBy(desc(deletionRequests.requestedAt))
        .limit(1)
        .get();
    },

    /** Open ones by deadline (the nearest first); completed ones newest first. */
    list(filter: DeletionRequestFilter, page: number) {
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
        .offset((page - 1) * DELETION_REQUESTS_PAGE_SIZE)
        .all();
      const admins = namesById(
        db,
        users,
        rows.map((row) => row.request.completedBy),
      );
      const now = clock.now();
      return {
        success: true as const,
        requests: rows.map((row) =>
          itemOf(
            row.request,
            row.subscriber?.id ? row.subscriber : null,
            row.request.completedBy ? (admins.get(row.request.completedBy) ?? null) : null,
            now,
          ),
        ),
        pagination: {
          page,
          limit: DELETION_REQUESTS_PAGE_SIZE,
          total,
          pages: Math.max(1, Math.ceil(total / DELETION_REQUESTS_PAGE_SIZE)),
        },
      };
    },

    /** The dashboard's item. */
    summary() {
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
    },

    /**
     * The admin completes a request: the claim (open → completed) and the erasure are one
     * transaction, so a second click, a second admin or a refused erasure leaves nothing half done.
     */
    complete(id: string, adminId: string) {
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
        const erased = erasure.erase({ request, adminId });
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
    },
  };
}

export type DeletionRequests = ReturnType<typeof createDeletionRequests>;
