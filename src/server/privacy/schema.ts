/**
 * LGPD (docs/decisions/029-files-and-lgpd-requests.md): members' requests to erase their personal
 * data, with the legal deadline the back office works against, and the activity log where exports
 * of personal data and erasures are recorded for the club's accountability.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../identity/schema/accounts';
import { subscribers } from '../membership/schema/subscribers';

const now = sql`(unixepoch('subsec') * 1000)`;

export const DELETION_REQUEST_STATUSES = ['open', 'completed'] as const;

export const deletionRequests = sqliteTable(
  'deletion_requests',
  {
    id: text('id').primaryKey(),
    /** The record to erase; null only if an admin later deleted the whole record. */
    subscriberId: text('subscriber_id').references(() => subscribers.id, { onDelete: 'set null' }),
    /** The account that asked; null once the erasure closed it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DELETION_REQUEST_STATUSES }).notNull().default('open'),
    /** What the member wrote; wiped by the erasure (free text may name people). */
    reason: text('reason'),
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
    /** The last moment of the 15th São Paulo day after the request: overdue after it. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    /** The admin who completed it. */
    completedBy: text('completed_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    index('deletion_requests_status_due_idx').on(table.status, table.dueAt),
    // The member portal reads a record's requests (ADR 036: no full scan on a request path).
    index('deletion_requests_subscriber_idx').on(table.subscriberId, table.requestedAt),
    // One open request per record: asking twice (two tabs) finds the first one.
    uniqueIndex('deletion_requests_open_uq')
      .on(table.subscriberId)
      .where(sql`${table.status} = 'open'`),
  ],
);

export type DeletionRequest = typeof deletionRequests.$inferSelect;

export const ACTIVITY_ACTOR_KINDS = ['admin', 'member', 'system'] as const;

/**
 * What was done with people's data, newest last: a member's export of their own data, deletion
 * requests and their completion, records deleted by an admin. Ids only: names are read from the
 * records when the log is shown, so an erased person is not kept here either.
 */
export const activityLog = sqliteTable(
  'activity_log',
  {
    id: text('id').primaryKey(),
    action: text('action').notNull(),
    actorKind: text('actor_kind', { enum: ACTIVITY_ACTOR_KINDS }).notNull(),
    /** The user who acted; null for the system. */
    actorId: text('actor_id'),
    /** The subscriber record concerned, if any (kept as text: the log outlives a deleted record). */
    subscriberId: text('subscriber_id'),
    /** Ids and counts only (a request id, how many payments kept), never personal data. */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    index('activity_log_created_idx').on(table.createdAt),
    index('activity_log_subscriber_idx').on(table.subscriberId),
  ],
);

export type ActivityLogEntry = typeof activityLog.$inferSelect;
