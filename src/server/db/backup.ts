/**
 * Online backup (`npm run backup`): SQLite's backup API copies a consistent snapshot while the
 * server keeps running and writing, which copying the file (with its WAL beside it) would not.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** `club-YYYYMMDD-HHMMSS.db`, in UTC so the name does not depend on the machine's time zone. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return `club-${stamp}.db`;
}

/** Writes a snapshot into `DATA_DIR/backups/` and returns its path (never overwrites one). */
export async function backupDatabase(sqlite: Database.Database, dataDir: string, at: Date): Promise<string> {
  const dir = path.join(dataDir, 'backups');
  // A backup holds every member's data: readable by the server's user only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const base = backupFileName(at);
  let file = path.join(dir, base);
  // Two backups in the same second get -2, -3, … rather than replacing the first.
  for (let n = 2; fs.existsSync(file); n++) file = path.join(dir, base.replace(/\.db$/, `-${n}.db`));
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  await sqlite.backup(file);
  // The copy inherits WAL mode; a backup is one self-contained file, so switch it to rollback mode.
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return file;
}
