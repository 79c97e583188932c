/**
 * Opens the SQLite database with the pragmas the app relies on: WAL for concurrent readers while
 * the worker writes, foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY, and
 * `synchronous = FULL`: every commit reaches the disk before it returns, so a confirmed payment
 * survives a power cut (NORMAL in WAL mode may lose the last commits when the machine, not the
 * process, dies). The cost is measured by `npm run bench` (checkout write rate).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { backupDatabaseSync } from './backup';
import { lendCalendarToMigrations, withdrawCalendarFromMigrations } from './migration-calendar';
import * as schema from './schema';
import { StatementCachingDatabase } from './statement-cache';

/** Drizzle over better-sqlite3; `$client` is the raw connection (backups use its backup API). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'club.db');
}

export interface OpenDatabaseOptions {
  /**
   * Where to snapshot an existing database before applying migrations to it (an upgrade). A fresh
   * database, or one with nothing to migrate, is not copied.
   */
  backupDirBeforeMigrating?: string;
  /** Reports the snapshot taken before migrating. */
  onBackup?: (file: string, pending: number) => void;
}

/** How many migrations of the folder the database has not had yet (0 for a database never migrated). */
export function pendingMigrations(sqlite: Database.Database, migrationsDir: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  const applied = (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
  return applied === 0 ? 0 : Math.max(0, journal.entries.length - applied);
}

/** Opens (creating if absent) the database file and applies pending migrations. */
export function openDatabase(
  file: string,
  migrationsDir: string,
  options: OpenDatabaseOptions = {},
): OpenDatabase {
  if (file !== ':memory:') {
    // The data directory holds every member's data: the server's user only. SQLite creates the WAL
    // and shared-memory files with the database file's own mode, so creating it 0600 covers them.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const sqlite: Database.Database = new StatementCachingDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  // Statement journals in memory (ADR 043): inside a transaction every write that fires triggers
  // keeps one, and past 64 KiB (a subscriber's or payment's trigram rows) SQLite spilled it to a
  // temporary file, written and thrown away on every checkout and webhook.
  sqlite.pragma('temp_store = MEMORY');
  const db = drizzle(sqlite, { schema });
  if (options.backupDirBeforeMigrating) {
    const pending = pendingMigrations(sqlite, migrationsDir);
    if (pending > 0) {
      const backup = backupDatabaseSync(
        sqlite,
        options.backupDirBeforeMigrating,
        new Date(),
        'pre-migration',
      );
      options.onBackup?.(backup, pending);
    }
  }
  lendCalendarToMigrations(sqlite);
  migrate(db, { migrationsFolder: migrationsDir });
  withdrawCalendarFromMigrations(sqlite);
  // Statistics for the query planner, as SQLite recommends for a long-lived connection: at open
  // (0x10002: look at every table, with a bounded analysis), then hourly by the housekeeping job and
  // once more on close (ADR 036). Cheap when nothing changed; no plan on a request path relies on it.
  // analysis_limit: each index is sampled (about a thousand rows), never read whole on a big club.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize=0x10002');
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) optimizeDatabase(sqlite);
      sqlite.close();
    },
  };
}

/** `PRAGMA optimize`: refreshes the planner's statistics where they went stale. Never throws. */
export function optimizeDatabase(sqlite: Database.Database): void {
  try {
    sqlite.pragma('optimize');
  } catch {
    // A read-only or busy database keeps its old statistics: the plans do not depend on them.
  }
}
