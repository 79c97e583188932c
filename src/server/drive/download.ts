/** A file, or its thumbnail, as the transport sends it. */
import { DRIVE_MSG, type DriveFileType } from '../../shared/drive-schemas';
import { driveFiles } from '../db/schema';
import { AppError } from '../lib/errors';
import { extensionOf } from './content';
import type { FilesViewer } from '../membership/membership';
import { eq } from 'drizzle-orm';
import type { DriveContext } from './context';

/** Types a browser shows by itself; everything else is downloaded (spec: preview or download). */
const INLINE_TYPES = new Set<DriveFileType>(['image', 'pdf', 'video', 'audio']);

/** What the transport needs to send a file: it streams `path` (with ranges) under these headers. */
export interface DriveDownload {
  path: string;
  size: number;
  mime: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
}

/**
 * The name a download is saved under: the item's name without anything a file system or a header
 * would read as structure (slashes, control characters, quotes), ending in the content's extension.
 */
export function downloadFileName(name: string, extension: string): string {
  const base =
    name
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, '')
      .slice(0, 150) || 'arquivo';
  return extensionOf(base) === extension ? base : `${base}.${extension}`;
}

/**
 * A file to send to `viewer`: public files to memberships in force, the others to admins only.
 * An account without a membership in force is refused before the id is even looked up; a
 * private file is "not found" for a member, exactly like a missing one.
 */
export function download(
  { db, log, storage, membership }: DriveContext,
  id: string,
  viewer: FilesViewer,
  variant: 'file' | 'thumbnail',
): DriveDownload {
  membership.requireFiles(viewer);
  const row = db.select().from(driveFiles).where(eq(driveFiles.id, id)).get();
  if (!row || (!row.isPublic && viewer.role !== 'admin')) throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
  if (variant === 'thumbnail' && !row.thumbnailUrl) throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
  const file = storage.filePath(row.id, variant);
  const size = storage.sizeOf(file);
  if (size === null) {
    log.error({ driveFileId: row.id, variant }, 'drive: file missing on disk');
    throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
  }
  if (variant === 'thumbnail') {
    return {
      path: file,
      size,
      mime: 'image/webp',
      fileName: `${downloadFileName(row.name, 'webp')}`,
      disposition: 'inline',
    };
  }
  return {
    path: file,
    size,
    mime: row.mime,
    fileName: downloadFileName(row.name, row.extension),
    disposition: INLINE_TYPES.has(row.type) ? 'inline' : 'attachment',
  };
}
