/**
 * What the owner's monitor reads in /api/health (docs/deploy.md): the database answers and can write,
 * when the last good backup was, how long the oldest message has waited in the outbox, when each
 * background job last ran, and which providers are live. Nothing secret: names and times only.
 */
import fs from 'node:fs';
import { eq, min, sql } from 'drizzle-orm';
import { MSG } from '../../shared/messages';
import { outbox, outboxCounts } from '../db/schema';
import { isOutOfSpace } from '../db/write-failures';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

/** The background jobs of `src/server/jobs.ts`, by name. */
export const JOB_NAMES = ['housekeeping', 'reconciliation', 'invoices', 'backup'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobRun {
  at: Date;
  ok: boolean;
}

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
  // The backlog costs the same whatever its size (ADR 036): the count is kept by triggers in
  // `outbox_counts`, the oldest date is one step down the (status, created_at) index.
  const queuedCount = db
    .select({ count: outboxCounts.count })
    .from(outboxCounts)
    .where(eq(outboxCounts.status, sql.placeholder('status')))
    .prepare();
  const oldestQueued = db
    .select({ oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(eq(outbox.status, sql.placeholder('status')))
    .prepare();
  // Since this process started: a job that has not run yet since a restart shows null.
  const jobRuns = new Map<JobName, JobRun>();
  let lastWriteFailureAt: number | null = null;

  return {
    /**
     * Messages not delivered yet (queued or waiting for a retry); null when the database fails,
     * which is what the monitor's `database` field reports. Read on every poll.
     */
    outboxWaiting(): OutboxWaiting | null {
      try {
        const count = queuedCount.get({ status: 'queued' })?.count ?? 0;
        const oldest = oldestQueued.get({ status: 'queued' })?.oldest ?? null;
        return { count, oldest };
      } catch {
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
      const free = freeBytesOf(env.DATA_DIR);
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
