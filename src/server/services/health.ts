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

export function createHealthService({ db }: ServiceDeps) {
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
  // Since this process started: a job that has not run yet since a restart shows null.
  const jobRuns = new Map<JobName, JobRun>();

  return {
    /**
     * Messages not delivered yet (queued or waiting for a retry), read from the database; null when
     * the database fails, which is what the monitor's `database` field reports.
     */
    outboxWaiting(): { count: number; oldest: Date | null } | null {
      try {
        const row = backlog.get();
        if (!row) return null;
        return { count: row.count ?? 0, oldest: row.oldest === null ? null : new Date(row.oldest) };
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
