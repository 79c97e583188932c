/**
 * `npm run backup`: an online snapshot of DATA_DIR/club.db into the backup folder (BACKUP_DIR,
 * default DATA_DIR/backups), safe while the server runs, plus the drive's files not yet copied.
 * Prints the file written.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { fail } from '../src/server/cli';
import { backupDatabase, mirrorDriveFiles } from '../src/server/db/backup';
import { databaseFile } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';

const env = loadEnv();
const source = databaseFile(env.DATA_DIR);
if (!fs.existsSync(source)) fail(`banco de dados não encontrado em ${source}`);

// Opened directly, not through openDatabase: a backup must not migrate or otherwise change the source.
const sqlite = new Database(source, { fileMustExist: true });
try {
  sqlite.pragma('busy_timeout = 5000');
  const file = await backupDatabase(sqlite, env.backupDir, new Date());
  const driveFiles = mirrorDriveFiles(env.DATA_DIR, env.backupDir);
  console.log(
    `Backup salvo em ${file}${driveFiles > 0 ? ` (${driveFiles} arquivo(s) do drive copiados)` : ''}`,
  );
} finally {
  sqlite.close();
}
