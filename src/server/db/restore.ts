/**
 * `npm run restore -- FILE`: puts a snapshot back as the club's database. It refuses while the
 * server runs (it would keep writing to the file it has open), checks the snapshot first, and keeps
 * the current database aside instead of deleting it, so a restore can itself be undone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkBackup } from './backup';
import { databaseFile } from './client';
import { runningServerPid } from '../pid-file';

export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Folder holding the database files that were in place before, if there were any. */
  keptAsideIn: string | null;
  driveFilesRestored: number;
}

export function restoreBackup(options: {
  file: string;
  dataDir: string;
  backupDir: string;
  at: Date;
}): RestoreResult {
  const { file, dataDir, backupDir, at } = options;
  const pid = runningServerPid(dataDir);
  if (pid !== null)
    throw new RestoreRefused(`o servidor está rodando (pid ${pid}): pare-o antes de restaurar`);
  const problem = checkBackup(file);
  if (problem) throw new RestoreRefused(problem);

  const target = databaseFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let keptAsideIn: string | null = null;
  // The database with its WAL and shared-memory files: moved together, they stay consistent.
  const current = [target, `${target}-wal`, `${target}-shm`].filter((name) => fs.existsSync(name));
  if (current.length > 0) {
    keptAsideIn = path.join(dataDir, `antes-da-restauracao-${at.toISOString().replace(/[:.]/g, '-')}`);
    fs.mkdirSync(keptAsideIn, { mode: 0o700 });
    for (const name of current) fs.renameSync(name, path.join(keptAsideIn, path.basename(name)));
  }
  fs.copyFileSync(file, target);
  fs.chmodSync(target, 0o600);

  // Drive files the snapshot refers to, from the mirror kept beside the snapshots.
  let driveFilesRestored = 0;
  const mirror = path.join(backupDir, 'drive');
  if (fs.existsSync(mirror)) {
    const drive = path.join(dataDir, 'drive');
    fs.mkdirSync(drive, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(mirror)) {
      const to = path.join(drive, name);
      if (fs.existsSync(to)) continue;
      fs.copyFileSync(path.join(mirror, name), to);
      fs.chmodSync(to, 0o600);
      driveFilesRestored++;
    }
  }
  return { keptAsideIn, driveFilesRestored };
}
