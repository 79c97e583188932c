/**
 * Where the drive's bytes live: `DATA_DIR/drive/`, readable by the server's user only (like the
 * database). A file's name on disk is its row id (and `<id>.thumb.webp` for its thumbnail), never
 * anything a person typed or sent. An upload is first written to a staging file and renamed into
 * place only once accepted, so a refused, oversized or interrupted upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HOUR_MS } from '../../shared/sao-paulo-time';

/** Row ids are 24 lower-case base32 characters (src/server/lib/ids.ts): anything else is not ours. */
const ID = /^[a-z2-7]{24}$/;
const STAGING_PREFIX = '.upload-';
const STALE_STAGING_MS = HOUR_MS;

/** The file grew past the limit while it was being received. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file over the drive limit');
    this.name = 'FileTooLargeError';
  }
}

export interface StagedFile {
  path: string;
  size: number;
}

const removeQuietly = (file: string) => fs.rmSync(file, { force: true });

function ensureDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

function filePath(dir: string, id: string, variant: 'file' | 'thumbnail' = 'file'): string {
  if (!ID.test(id)) throw new Error('not a drive file id');
  return path.join(dir, variant === 'file' ? id : `${id}.thumb.webp`);
}

/** A fresh staging path (for a thumbnail made before the file is committed, too). */
function stagingPath(dir: string, suffix = '.part'): string {
  ensureDir(dir);
  return path.join(dir, `${STAGING_PREFIX}${randomBytes(12).toString('hex')}${suffix}`);
}

/**
 * Streams `source` to a new staging file (mode 0600), failing with FileTooLargeError past
 * `maxBytes`. On any failure the staging file is removed before the error is rethrown.
 */
async function stage(dir: string, source: Readable, maxBytes: number): Promise<StagedFile> {
  const target = stagingPath(dir);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new FileTooLargeError());
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    // The sender may still be sending: stop reading what nobody will keep.
    source.resume();
    removeQuietly(target);
    throw error;
  }
  return { path: target, size };
}

/** Size on disk, or null when the file is missing. */
function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

/**
 * Staging files left by a crash mid-upload, removed at start. Only those untouched for an
 * hour: a script (seed, backup) builds the services too, while the server may be receiving one.
 */
function sweepStaging(dir: string, now: number): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const file = path.join(dir, name);
    if (now - fs.statSync(file).mtimeMs < STALE_STAGING_MS) continue;
    removeQuietly(file);
    removed++;
  }
  return removed;
}

export function createDriveStorage(dataDir: string) {
  const dir = path.join(dataDir, 'drive');
  return {
    dir,
    filePath: (id: string, variant: 'file' | 'thumbnail' = 'file'): string => filePath(dir, id, variant),
    stagingPath: (suffix = '.part'): string => stagingPath(dir, suffix),
    stage: (source: Readable, maxBytes: number): Promise<StagedFile> => stage(dir, source, maxBytes),
    /** Moves a staged file (or thumbnail) to its final name. */
    commit: (stagedPath: string, id: string, variant: 'file' | 'thumbnail' = 'file') =>
      fs.renameSync(stagedPath, filePath(dir, id, variant)),
    remove: (id: string) => {
      removeQuietly(filePath(dir, id, 'file'));
      removeQuietly(filePath(dir, id, 'thumbnail'));
    },
    removeStaged: (stagedPath: string | undefined) => {
      if (stagedPath) removeQuietly(stagedPath);
    },
    sizeOf,
    sweepStaging: (now = Date.now()): number => sweepStaging(dir, now),
    /** Files on disk (tests check nothing is left behind). */
    listFiles: (): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir) : []),
  };
}
