/**
 * Opens the SQLite database with the pragmas the app relies on: WAL for concurrent readers while
 * the worker writes, foreign keys enforced, a busy timeout instead of immediate SQLITE_BUSY, and
 * `synchronous = FULL`: every commit reaches the disk before it returns, so a confirmed payment
 * survives a power cut (NORMAL in WAL mode may lose the last commits when the machine, not the
 * process, dies). The cost is measured by `npm run bench` (checkout write rate).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;

export interface OpenDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'club.db');
}

/** Opens (creating if absent) the database file and applies pending migrations. */
export function openDatabase(file: string, migrationsDir: string): OpenDatabase {
  if (file !== ':memory:') {
    // The data directory holds every member's data: the server's user only. SQLite creates the WAL
    // and shared-memory files with the database file's own mode, so creating it 0600 covers them.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return { db, sqlite, close: () => sqlite.close() };
}
