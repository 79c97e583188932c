/**
 * `npm run restore -- FILE`: restores a snapshot made by `npm run backup` or the automatic backups.
 * Refuses while the server runs; checks the file's integrity; keeps the current database aside.
 */
import path from 'node:path';
import { fail } from '../src/server/cli';
import { listBackups } from '../src/server/db/backup';
import { RestoreRefused, restoreBackup } from '../src/server/db/restore';
import { commandLine, loadEnv, serverStartLine } from '../src/server/env';

const env = loadEnv();
const arg = process.argv[2];
if (!arg) {
  const known = listBackups(env.backupDir).slice(0, 10);
  console.error(`Uso: ${commandLine('restore', 'restore')} ARQUIVO`);
  if (known.length > 0) {
    console.error(`Backups mais recentes em ${env.backupDir}:`);
    for (const backup of known) console.error(`  ${backup.file}  (${backup.at.toISOString()})`);
  }
  process.exit(1);
}

try {
  const result = restoreBackup({
    file: path.resolve(arg),
    dataDir: env.DATA_DIR,
    backupDir: env.backupDir,
    at: new Date(),
  });
  console.log(`Banco de dados restaurado de ${path.resolve(arg)}.`);
  if (result.keptAsideIn) console.log(`O banco anterior foi guardado em ${result.keptAsideIn}.`);
  if (result.driveFilesRestored > 0)
    console.log(`${result.driveFilesRestored} arquivo(s) do drive restaurados.`);
  console.log(`Inicie o servidor (${serverStartLine()}): migrações pendentes serão aplicadas.`);
} catch (error) {
  if (error instanceof RestoreRefused) fail(`restauração recusada: ${error.message}`);
  throw error;
}
