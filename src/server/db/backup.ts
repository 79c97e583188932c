/**
 * Backups and restores of the club's data. SQLite's backup API copies a consistent snapshot while
 * the server keeps running and writing, which copying the file (with its WAL beside it) would not.
 * The drive's files never change once written (their name on disk is their id), so they are
 * mirrored beside the snapshots: a file is copied once, and every snapshot can find its files.
 *
 * Three kinds of snapshot share one folder: by hand (`npm run backup`), automatic (daily, the last
 * `BACKUP_KEEP` kept) and before a migration. Their names say which, so pruning touches only the
 * automatic ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type BackupKind = 'manual' | 'auto' | 'pre-migration';

const SUFFIX: Record<BackupKind, string> = { manual: '', auto: '-auto', 'pre-migration': '-pre-migration' };
const SNAPSHOT = /^club-\d{8}-\d{6}(-auto|-pre-migration)?(-\d+)?\.db$/;

/** `club-YYYYMMDD-HHMMSS[-kind].db`, in UTC so the name does not depend on the machine's time zone. */
export function backupFileName(at: Date, kind: BackupKind = 'manual'): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
  return `club-${stamp}${SUFFIX[kind]}.db`;
}

/** Creates the folder readable by the server's user only: a backup holds every member's data. */
function privateDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** A new, empty 0600 file named after `base` in `dir`; `-2`, `-3`… rather than replacing one. */
function reserveFile(dir: string, base: string): string {
  privateDir(dir);
  let file = path.join(dir, base);
  for (let n = 2; fs.existsSync(file); n++) file = path.join(dir, base.replace(/\.db$/, `-${n}.db`));
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  return file;
}

/** A snapshot is one self-contained file: rollback journal, not WAL. */
function makeSelfContained(file: string) {
  const copy = new Database(file);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Writes a snapshot into `backupDir` and returns its path (never overwrites one). */
export async function backupDatabase(
  sqlite: Database.Database,
  backupDir: string,
  at: Date,
  kind: BackupKind = 'manual',
): Promise<string> {
  const file = reserveFile(backupDir, backupFileName(at, kind));
  await sqlite.backup(file);
  makeSelfContained(file);
  return file;
}

/**
 * The same, synchronously (`VACUUM INTO`): for the snapshot taken before migrations, while the
 * database is being opened and nothing else runs yet.
 */
export function backupDatabaseSync(
  sqlite: Database.Database,
  backupDir: string,
  at: Date,
  kind: BackupKind,
): string {
  const file = reserveFile(backupDir, backupFileName(at, kind));
  // VACUUM INTO refuses an existing file, even an empty one: keep the reserved name, write it anew.
  fs.rmSync(file);
  sqlite.prepare('vacuum into ?').run(file);
  fs.chmodSync(file, 0o600);
  return file;
}

/**
 * When the backup folder's list of files last changed (its mtime; -1 when it does not exist): one
 * stat, so a reader can tell cheaply that a snapshot was written or removed by another process.
 */
export function backupFolderStamp(backupDir: string): number {
  try {
    return fs.statSync(backupDir).mtimeMs;
  } catch {
    return -1;
  }
}

/** Snapshots in the folder, newest first. */
export function listBackups(backupDir: string): { file: string; kind: BackupKind; at: Date }[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => SNAPSHOT.test(name))
    .map((name) => {
      const file = path.join(backupDir, name);
      const kind: BackupKind = name.includes('-auto')
        ? 'auto'
        : name.includes('-pre-migration')
          ? 'pre-migration'
          : 'manual';
      return { file, kind, at: fs.statSync(file).mtime };
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.file.localeCompare(a.file));
}

/** Deletes automatic snapshots beyond the newest `keep`; returns the files removed. */
export function pruneAutomaticBackups(backupDir: string, keep: number): string[] {
  const removed = listBackups(backupDir)
    .filter((backup) => backup.kind === 'auto')
    .slice(keep)
    .map((backup) => backup.file);
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** Copies drive files not yet in `backupDir/drive` (they never change once written). */
export function mirrorDriveFiles(dataDir: string, backupDir: string): number {
  const source = path.join(dataDir, 'drive');
  if (!fs.existsSync(source)) return 0;
  const target = path.join(backupDir, 'drive');
  privateDir(target);
  let copied = 0;
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    const to = path.join(target, name);
    if (!fs.statSync(from).isFile() || fs.existsSync(to)) continue;
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(to, 0o600);
    copied++;
  }
  return copied;
}

/** Why a file cannot be restored, or null when it is a sound snapshot of this app's database. */
export function checkBackup(file: string): string | null {
  if (!fs.existsSync(file)) return `arquivo não encontrado: ${file}`;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `o arquivo está corrompido (integrity_check: ${String(integrity)})`;
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name in ('users', 'subscribers')")
      .all();
    if (tables.length < 2)
      return 'o arquivo não é um backup da Confraria (faltam as tabelas users e subscribers)';
    return null;
  } catch (error) {
    return `o arquivo não é um banco SQLite legível (${(error as Error).message})`;
  } finally {
    db?.close();
  }
}
