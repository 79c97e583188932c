/**
 * What the owner's monitor reads in /api/health (issue 14): the database answers and can write,
 * when the last good backup was, how long the oldest message has waited in the outbox, when each
 * background job last ran, and which providers are live. Nothing secret: names and times only.
 */
import fs from 'node:fs';
import { MSG } from '../../shared/messages';
import { isOutOfSpace } from '../db/write-failures';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

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

/**
 * A write refused for lack of space keeps the database reported as failing this long: the monitor
 * polls every minute or so and must see it, and a disk that got room back is healthy again.
 */
export const WRITE_FAILURE_WINDOW_MS = 60_000;

/**
 * Below this much free space in the data folder the database is reported as failing before it
 * refuses a write: a day's backup of a big club and the WAL of a busy hour fit in it.
 */
export const LOW_DISK_SPACE_BYTES = 100 * 1024 * 1024;

export interface Storage {
  /** Free space of the data folder for this process's user; null when it cannot be read. */
  freeBytes: number | null;
  lowSpace: boolean;
  /** The last write refused for lack of space, within WRITE_FAILURE_WINDOW_MS; otherwise null. */
  lastWriteErrorAt: Date | null;
  writable: boolean;
}

/** Free bytes of the file system holding `dir`, as an unprivileged writer sees them. */
function freeBytesOf(dir: string): number | null {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

export interface OutboxWaiting {
  count: number;
  oldest: Date | null;
}

export function createHealthService({ db, clock, env, log }: ServiceDeps) {
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
  let lastWriteFailureAt: number | null = null;
  // One `statfs` answers the polls of the same second, like the backlog's read.
  let lastSpace: { at: number; freeBytes: number | null } | undefined;

  function freeBytes(now: number): number | null {
    const fresh = lastSpace && now >= lastSpace.at && now - lastSpace.at < BACKLOG_REUSE_MS;
    if (!fresh) lastSpace = { at: now, freeBytes: freeBytesOf(env.DATA_DIR) };
    return lastSpace!.freeBytes;
  }

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

    /**
     * A write refused because the disk (or the database's size limit) is full: remembered for the
     * monitor, logged once per episode (every write fails alike, and the log may sit on the same
     * full disk), and turned into the caller's Portuguese 503. Undefined for any other error.
     * Nothing of the failed statement is logged: its parameters may hold personal data.
     */
    writeRefused(error: unknown): AppError | undefined {
      if (!isOutOfSpace(error)) return undefined;
      const now = clock.now().getTime();
      const quiet =
        lastWriteFailureAt === null ||
        now < lastWriteFailureAt ||
        now - lastWriteFailureAt >= WRITE_FAILURE_WINDOW_MS;
      if (quiet) {
        log.error(
          { code: 'SQLITE_FULL', dataDir: env.DATA_DIR, freeBytes: freeBytesOf(env.DATA_DIR) },
          'database write refused: no space left in the data folder',
        );
      }
      lastWriteFailureAt = now;
      return new AppError('SERVICE_UNAVAILABLE', MSG.noSpaceToWrite);
    },

    /** Whether the database can write: no refused write in the last minute, room in the data folder. */
    storage(): Storage {
      const now = clock.now().getTime();
      const free = freeBytes(now);
      const lowSpace = free !== null && free < LOW_DISK_SPACE_BYTES;
      const recent =
        lastWriteFailureAt !== null &&
        now >= lastWriteFailureAt &&
        now - lastWriteFailureAt < WRITE_FAILURE_WINDOW_MS;
      const lastWriteErrorAt = recent ? new Date(lastWriteFailureAt!) : null;
      return { freeBytes: free, lowSpace, lastWriteErrorAt, writable: !lowSpace && !recent };
    },

    recordJobRun(name: JobName, ok: boolean, at: Date): void {
      jobRuns.set(name, { at, ok });
    },

    jobRuns(): ReadonlyMap<JobName, JobRun> {
      return jobRuns;
    },
  };
}
