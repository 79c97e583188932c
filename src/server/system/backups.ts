/**
 * The automatic backups (docs/deploy.md): a daily snapshot at BACKUP_TIME (São Paulo), the drive's files
 * mirrored beside it, the last BACKUP_KEEP automatic snapshots kept. The time of the last good
 * backup is what the owner's monitor reads in /api/health.
 */
import { nextSaoPauloTime } from '../../shared/sao-paulo-time';
import {
  backupDatabase,
  backupFolderStamp,
  listBackups,
  mirrorDriveFiles,
  pruneAutomaticBackups,
} from '../db/backup';
import type { ServiceDeps } from '../lib/deps';

/** The next moment after `now` whose São Paulo wall clock reads `hhmm`. */
export function nextBackupAt(now: Date, hhmm: string): Date {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return nextSaoPauloTime(now, hours, minutes);
}

export function createBackupService({ db, env, log, clock }: ServiceDeps) {
  // The newest snapshot, read again from the folder whenever its list of files changed (a manual
  // `confraria backup`, a restore, another process), which costs /api/health one stat per poll.
  let lastGoodAt: Date | null = null;
  let folderSeen: number | undefined;

  return {
    enabled: env.BACKUP_KEEP > 0,

    /** Time of the newest snapshot in the backup folder (any kind), or null when there is none. */
    lastGoodAt(): Date | null {
      const stamp = backupFolderStamp(env.backupDir);
      if (stamp !== folderSeen) {
        lastGoodAt = listBackups(env.backupDir)[0]?.at ?? null;
        folderSeen = stamp;
      }
      return lastGoodAt;
    },

    /** One automatic backup: snapshot, drive mirror, pruning. Returns the snapshot's path. */
    async runAutomatic(): Promise<string> {
      const file = await backupDatabase(db.$client, env.backupDir, clock.now(), 'auto');
      const driveFiles = mirrorDriveFiles(env.DATA_DIR, env.backupDir);
      const pruned = pruneAutomaticBackups(env.backupDir, env.BACKUP_KEEP);
      lastGoodAt = clock.now();
      folderSeen = backupFolderStamp(env.backupDir);
      log.info({ file, driveFiles, pruned: pruned.length }, 'automatic backup written');
      return file;
    },
  };
}
