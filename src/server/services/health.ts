/**
 * What the owner's monitor reads in /api/health (issue 14): the database answers, when the last
 * good backup was, how long the oldest message has waited in the outbox, when each background job
 * last ran, and which providers are live. Nothing secret: names and times only.
 */
import type { ServiceDeps } from './deps';

/** The background jobs of `src/server/jobs.ts`, by name. */
export const JOB_NAMES = ['housekeeping', 'reconciliation', 'backup'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobRun {
  at: Date;
  ok: boolean;
}

/**
 * How long one read of the backlog answers the polls that follow, when this process wrote nothing
 * in between: a poll flood then costs no database work, and the answer is never older than this.
 */
export const BACKLOG_REUSE_MS = 1000;

export interface OutboxWaiting {
  count: number;
  oldest: Date | null;
}

export function createHealthService({ db, clock }: ServiceDeps) {
  // Prepared once on the connection itself: monitors poll /api/health, and a read costs about
  // 2.5 µs through better-sqlite3 against 3–10 µs through drizzle's prepared queries (its row
  // mapping), most of the poll's own work (docs/performance.md, "Health's fixed cost").
  const sqlite = db.$client;
  // One read answers both questions: the database works, and how big and how old the backlog is.
  // Both cost the same whatever the backlog (ADR 036): the count is kept by triggers in
  // `outbox_counts`, the oldest date is one step down the (status, created_at) index.
  // The status is written into the SQL, not bound: with `status = ?` SQLite spent about 12 µs more
  // on every call of this `min()` (about what compiling it costs) than the 3 µs of the read itself.
  // `created_at` holds milliseconds (a `timestamp_ms` column).
  const backlog = sqlite.prepare<[], { count: number | null; oldest: number | null }>(
    `select (select "count" from "outbox_counts" where "outbox_counts"."status" = 'queued') as "count",
            (select min("created_at") from "outbox" where "outbox"."status" = 'queued') as "oldest"`,
  );
  // Rows this connection has inserted, changed or deleted since it opened, triggers included. It
  // reads no table (about 0.3 µs against 6–10 µs for the backlog under load): while it stands
  // still, nothing this process did can have moved the backlog (ADR 043, "Health between writes").
  const writes = sqlite.prepare<[], number>('select total_changes()').pluck();
  let lastRead: { at: number; writes: number; waiting: OutboxWaiting } | undefined;
  // Since this process started: a job that has not run yet since a restart shows null.
  const jobRuns = new Map<JobName, JobRun>();

  return {
    /**
     * Messages not delivered yet (queued or waiting for a retry); null when the database fails,
     * which is what the monitor's `database` field reports. Read again after any write of this
     * process and at least every BACKLOG_REUSE_MS (another process's writes, a failing disk).
     */
    outboxWaiting(): OutboxWaiting | null {
      try {
        const now = clock.now().getTime();
        const written = writes.get()!;
        // A clock set back (a test's, or the system's) counts as expired, not as fresh.
        const fresh =
          lastRead?.writes === written && now >= lastRead.at && now - lastRead.at < BACKLOG_REUSE_MS;
        if (fresh) return lastRead!.waiting;
        const row = backlog.get();
        if (!row) return null;
        const waiting = { count: row.count ?? 0, oldest: row.oldest === null ? null : new Date(row.oldest) };
        lastRead = { at: now, writes: written, waiting };
        return waiting;
      } catch {
        lastRead = undefined;
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
