import { DRIVE_MSG } from '../../shared/drive-schemas';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';
import { createDriveStorage } from './storage';
import type { MembershipAccess } from '../membership/membership';

const MB = 1024 * 1024;

/** What the drive is built from, by name. */
export interface DriveDeps extends ServiceDeps {
  membership: Pick<MembershipAccess, 'requireFiles'>;
}

/** The dependencies plus the files on disk and the upload limit. */
export type DriveContext = DriveDeps & {
  storage: ReturnType<typeof createDriveStorage>;
  maxBytes: number;
  tooLarge: () => AppError;
};

/** Builds the drive's context; uploads an earlier run left unfinished are removed first. */
export function createDriveContext(deps: DriveDeps): DriveContext {
  const { env, log } = deps;
  const storage = createDriveStorage(env.DATA_DIR);
  const swept = storage.sweepStaging();
  if (swept > 0) log.warn({ count: swept }, 'drive: removed unfinished uploads from an earlier run');
  return {
    ...deps,
    storage,
    maxBytes: env.DRIVE_MAX_UPLOAD_MB * MB,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', DRIVE_MSG.tooLarge(env.DRIVE_MAX_UPLOAD_MB)),
  };
}

/** Files on disk, for tests and the bench (nothing left behind). */
export function filesOnDisk(ctx: DriveContext): string[] {
  return ctx.storage.listFiles();
}
