/**
 * What the owner's monitor reads in /api/health (issue 14): the database answers, when the last
 * good backup was, how long the oldest message has waited in the outbox, when each background job
 * last ran, and which providers are live. Nothing secret: names and times only.
 */
import { eq, min, sql } from 'drizzle-orm';
import { outbox, outboxCounts } from '../db/schema';
import type { ServiceDeps } from './deps';

/** `'queued'` as a literal in the statement's text (see `createHealthService`). */
const QUEUED = sql.raw(`'queued'`);

/** The background jobs of `src/server/jobs.ts`, by name. */
export const JOB_NAMES = ['housekeeping', 'reconciliation', 'backup'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobRun {
  at: Date;
  ok: boolean;
}

export function createHealthService({ db }: ServiceDeps) {
  // Prepared once: monitors poll /api/health, and drizzle re-prepares one-off queries on every call.
  const ping = db
    .select({ ok: sql<number>`1` })
    .from(sql`(select 1)`)
    .prepare();
  // Both cost the same whatever the backlog (ADR 036): the count is kept by triggers in
  // `outbox_counts`, the oldest date is one step down the (status, created_at) index.
  // The status is written into the SQL, not bound: SQLite recompiles a `min()` (or an ORDER BY)
  // over an index whose equality is a bound parameter each time it is bound, which cost about
  // 12 µs per poll against 3 µs for the read itself (docs/performance.md, "Health's fixed cost").
  const waitingCount = db
    .select({ count: outboxCounts.count })
    .from(outboxCounts)
    .where(eq(outboxCounts.status, QUEUED))
    .prepare();
  const oldestWaiting = db
    .select({ oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(eq(outbox.status, QUEUED))
    .prepare();
  // Since this process started: a job that has not run yet since a restart shows null.
  const jobRuns = new Map<JobName, JobRun>();

  return {
    databaseOk(): boolean {
      try {
        return ping.get()?.ok === 1;
      } catch {
        return false;
      }
    },

    /** Messages not delivered yet (queued or waiting for a retry); null when the database fails. */
    outboxWaiting(): { count: number; oldest: Date | null } | null {
      try {
        return { count: waitingCount.get()?.count ?? 0, oldest: oldestWaiting.get()?.oldest ?? null };
      } catch {
        return null;
      }
    },

    recordJobRun(name: JobName, ok: boolean, at: Date): void {
      jobRuns.set(name, { at, ok });
    },

    jobRuns(): ReadonlyMap<JobName, JobRun> {
      return jobRuns;
    },
  };
}
