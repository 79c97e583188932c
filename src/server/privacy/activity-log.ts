/**
 * The activity log (ADR 029): who exported or erased whose personal data, and when — what the club
 * shows when asked how it handles its members' data. Rows hold ids only; the names shown come from
 * the accounts and records as they are now, so an erased person shows as erased here too.
 */
import { count, desc, sql } from 'drizzle-orm';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEntry } from '../../shared/privacy-schemas';
import { activityLog, subscribers, users } from '../db/schema';
import { newId } from '../lib/ids';
import type { ServiceDeps } from '../lib/deps';
import { namesById } from '../lib/names-by-id';
import { pageOffset, paginationOf } from '../lib/paging';

export const ACTIVITY_PAGE_SIZE = 20;

export type ActivityActor = { kind: 'admin' | 'member'; id: string } | { kind: 'system' };

export interface ActivityInput {
  action: ActivityAction;
  actor: ActivityActor;
  subscriberId?: string | null;
  details?: Record<string, unknown>;
}

type ActivityLogDeps = Pick<ServiceDeps, 'db' | 'clock'>;
type ActivityRow = typeof activityLog.$inferSelect;

function record({ db, clock }: ActivityLogDeps, entry: ActivityInput): void {
  db.insert(activityLog)
    .values({
      id: newId(),
      action: entry.action,
      actorKind: entry.actor.kind,
      actorId: 'id' in entry.actor ? entry.actor.id : null,
      subscriberId: entry.subscriberId ?? null,
      details: entry.details ?? null,
      createdAt: clock.now(),
    })
    .run();
}

/** One row as the screen shows it, with the names as they are now. */
function entryOf(row: ActivityRow, actors: Map<string, string>, records: Map<string, string>): ActivityEntry {
  const subscriberName = row.subscriberId ? records.get(row.subscriberId) : undefined;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    label: ACTIVITY_ACTIONS[row.action as ActivityAction] ?? row.action,
    actorKind: row.actorKind,
    actorName: row.actorId ? (actors.get(row.actorId) ?? null) : null,
    subscriber:
      row.subscriberId && subscriberName !== undefined
        ? { id: row.subscriberId, fullName: subscriberName }
        : null,
  };
}

/** Newest first, 20 a page. */
function page({ db }: ActivityLogDeps, page: number) {
  const total = db.select({ total: count() }).from(activityLog).get()?.total ?? 0;
  const rows = db
    .select()
    .from(activityLog)
    .orderBy(desc(activityLog.createdAt), desc(sql`${activityLog}.rowid`))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset(pageOffset({ page, limit: ACTIVITY_PAGE_SIZE }))
    .all();
  const actors = namesById(
    db,
    users,
    rows.map((row) => row.actorId),
  );
  const records = namesById(
    db,
    subscribers,
    rows.map((row) => row.subscriberId),
  );
  return {
    success: true as const,
    entries: rows.map((row) => entryOf(row, actors, records)),
    pagination: paginationOf({ page, limit: ACTIVITY_PAGE_SIZE }, total),
  };
}

export function createActivityLog(deps: ActivityLogDeps) {
  return {
    record: (entry: ActivityInput): void => record(deps, entry),
    page: (pageNumber: number) => page(deps, pageNumber),
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
