/**
 * The file drive (docs/product/back-office-and-member-area.md §2, §3, §5; docs/product/decisions.md §1 "data/: database file and uploads"): admins
 * upload, list, edit and delete files; accounts whose membership is in force (membership.ts) list
 * and download the public ones.
 * Uploads are streamed to disk (drive-storage.ts), judged by their content (drive-content.ts),
 * and committed — file renamed into place, row written — only when everything succeeded.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  DRIVE_MSG,
  driveMetadataInput,
  type DriveAdminItem,
  type DriveFileType,
  type DriveItem,
  type DriveListInput,
  type DriveMetadata,
  type DrivePublicListInput,
} from '../../shared/drive-schemas';
import { driveFiles, users, type DriveFileRow } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import { acceptedContent, extensionOf, type DetectedContent } from './drive-content';
import { createDriveStorage, FileTooLargeError, type StagedFile } from './drive-storage';
import type { ServiceDeps } from './deps';
import { likeTerm } from './like-term';
import type { FilesViewer, MembershipAccess } from './membership';
import type { MultipartBody } from './uploads';

const MB = 1024 * 1024;
/** Room for the form's text fields and part headers around the file in a request's length. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
const THUMBNAIL_PX = 480;
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

const publicUrl = (id: string) => `/api/drive/files/${id}`;
const thumbnailUrl = (id: string) => `/api/drive/files/${id}/thumbnail`;

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

export function toDriveItem(row: DriveFileRow): DriveItem {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    tags: row.tags,
    type: row.type,
    mime: row.mime,
    size: row.size,
    url: row.url,
    thumbnailUrl: row.thumbnailUrl,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

interface ReceivedFile extends StagedFile {
  content: DetectedContent;
  /** The staged thumbnail of an image, when one could be made. */
  thumbnail: string | null;
  filename: string;
}

export interface NewDriveFile {
  source: Readable;
  /** The sender's file name (picks doc/xls/ppt inside an OLE file; kept for reference). */
  filename: string;
  metadata: DriveMetadata;
  uploadedBy: string | null;
}

export function createDriveService({
  db,
  env,
  log,
  clock,
  membership,
}: ServiceDeps & { membership: Pick<MembershipAccess, 'requireFiles'> }) {
  const storage = createDriveStorage(env.DATA_DIR);
  const maxBytes = env.DRIVE_MAX_UPLOAD_MB * MB;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', DRIVE_MSG.tooLarge(env.DRIVE_MAX_UPLOAD_MB));

  const swept = storage.sweepStaging();
  if (swept > 0) log.warn({ count: swept }, 'drive: removed unfinished uploads from an earlier run');

  function load(id: string): DriveFileRow {
    const row = db.select().from(driveFiles).where(eq(driveFiles.id, id)).get();
    if (!row) throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
    return row;
  }

  function filters(type: string, search: string): SQL | undefined {
    const text = search ? likeTerm(search.toLowerCase()) : undefined;
    return and(
      type && type !== 'all' ? eq(driveFiles.type, type as DriveFileType) : undefined,
      text
        ? or(
            sql`lower(${driveFiles.name}) like ${text} escape '\\'`,
            sql`lower(${driveFiles.description}) like ${text} escape '\\'`,
            sql`lower(${driveFiles.tags}) like ${text} escape '\\'`,
          )
        : undefined,
    );
  }

  function page<T>(
    where: SQL | undefined,
    input: { page: number; limit: number },
    map: (row: DriveFileRow, uploader: string | null) => T,
  ) {
    const total = db.select({ total: count() }).from(driveFiles).where(where).get()?.total ?? 0;
    const rows = db
      .select({ file: driveFiles, uploader: users.name })
      .from(driveFiles)
      .leftJoin(users, eq(users.id, driveFiles.uploadedBy))
      .where(where)
      .orderBy(desc(driveFiles.uploadedAt), desc(driveFiles.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .all();
    return {
      success: true as const,
      items: rows.map((row) => map(row.file, row.uploader)),
      pagination: {
        page: input.page,
        limit: input.limit,
        total,
        pages: Math.max(1, Math.ceil(total / input.limit)),
      },
    };
  }

  const adminItem = (row: DriveFileRow, uploader: string | null): DriveAdminItem => ({
    ...toDriveItem(row),
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: uploader ?? '' } : null,
  });

  /** A thumbnail of an image, staged; null when sharp cannot read it (the file is still kept). */
  async function stageThumbnail(source: string): Promise<string | null> {
    const target = storage.stagingPath('.webp');
    try {
      await sharp(source, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 76 })
        .toFile(target);
      // sharp creates it with the process umask; the drive's files are the server's user's only.
      fs.chmodSync(target, 0o600);
      return target;
    } catch (error) {
      storage.removeStaged(target);
      log.warn({ err: error }, 'drive: no thumbnail for an image');
      return null;
    }
  }

  /**
   * Streams a file to a staging file and judges its content (and makes an image's thumbnail).
   * Nothing is in the database yet; on failure nothing stays on disk.
   */
  async function receive(source: Readable, filename: string): Promise<ReceivedFile> {
    let staged: string | undefined;
    try {
      const file = await storage.stage(source, maxBytes);
      staged = file.path;
      const content = await acceptedContent(file.path, filename);
      if (!content) throw new AppError('BAD_REQUEST', DRIVE_MSG.typeRefused);
      const thumbnail = content.type === 'image' ? await stageThumbnail(file.path) : null;
      return { ...file, content, thumbnail, filename };
    } catch (error) {
      storage.removeStaged(staged);
      throw asUploadError(error);
    }
  }

  function discard(received: ReceivedFile | undefined) {
    storage.removeStaged(received?.path);
    storage.removeStaged(received?.thumbnail ?? undefined);
  }

  /** Writes the row and moves the staged files into place, all or nothing. */
  function commit(received: ReceivedFile, metadata: DriveMetadata, uploadedBy: string | null): DriveItem {
    const { content, thumbnail } = received;
    const id = newId();
    try {
      const row = db.transaction(() => {
        const inserted = db
          .insert(driveFiles)
          .values({
            id,
            ...metadata,
            type: content.type,
            mime: content.mime,
            extension: content.extension,
            size: received.size,
            url: publicUrl(id),
            thumbnailUrl: thumbnail ? thumbnailUrl(id) : null,
            originalName: received.filename.slice(0, 255),
            uploadedAt: clock.now(),
            uploadedBy,
          })
          .returning()
          .get();
        // Inside the transaction: if a move fails, the row is not written either.
        storage.commit(received.path, id);
        if (thumbnail) storage.commit(thumbnail, id, 'thumbnail');
        return inserted;
      });
      log.info({ driveFileId: id, type: content.type, size: received.size }, 'drive: file uploaded');
      return toDriveItem(row);
    } catch (error) {
      storage.remove(id);
      discard(received);
      throw error;
    }
  }

  /** What a failed upload answers: our own error, "too large", or "interrupted" (never a 500). */
  function asUploadError(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof FileTooLargeError || (error as { statusCode?: number }).statusCode === 413) {
      return tooLarge();
    }
    log.warn({ err: error }, 'drive: upload interrupted');
    return new AppError('BAD_REQUEST', DRIVE_MSG.uploadInterrupted, { cause: error });
  }

  return {
    maxBytes,

    /** GET /admin/drive: every file, filtered by type, search and isPublic (docs/product/back-office-and-member-area.md §3, §7). */
    list(input: DriveListInput) {
      const visibility =
        input.isPublic === 'true'
          ? eq(driveFiles.isPublic, true)
          : input.isPublic === 'false'
            ? eq(driveFiles.isPublic, false)
            : undefined;
      // The screen refuses a larger file before sending a byte of it.
      const maxUploadMb = env.DRIVE_MAX_UPLOAD_MB;
      return { ...page(and(filters(input.type, input.search), visibility), input, adminItem), maxUploadMb };
    },

    /** GET /drive/public: public files only, for memberships in force (and admins). */
    listPublic(viewer: FilesViewer, input: DrivePublicListInput) {
      membership.requireFiles(viewer);
      return page(and(eq(driveFiles.isPublic, true), filters(input.type, input.search)), input, toDriveItem);
    },

    /** Stores a file made on the server (the demo seed), through the same checks as an upload. */
    async add({ source, filename, metadata, uploadedBy }: NewDriveFile): Promise<DriveItem> {
      return commit(await receive(source, filename), metadata, uploadedBy);
    },

    /**
     * POST /admin/drive (multipart: file, name, description, isPublic, tags). The text fields may
     * come before or after the file, which is read as it arrives; the form is checked once complete.
     */
    async upload(body: MultipartBody, adminId: string): Promise<DriveItem> {
      if (!body.isMultipart) throw new AppError('BAD_REQUEST', DRIVE_MSG.notMultipart);
      if (body.declaredLength !== undefined && body.declaredLength > maxBytes + FORM_OVERHEAD_BYTES) {
        throw tooLarge();
      }
      const fields: Record<string, string> = {};
      let received: ReceivedFile | undefined;
      try {
        const parts = body.parts({
          maxFileBytes: maxBytes + 1,
          maxFiles: 1,
          maxFields: 10,
          maxFieldBytes: 16 * 1024,
        });
        for await (const part of parts) {
          if (part.kind === 'field') {
            if (part.truncated) throw new AppError('BAD_REQUEST', DRIVE_MSG.fieldTooLong);
            fields[part.field] = part.value;
            continue;
          }
          if (part.field !== 'file' || received) {
            part.stream.resume();
            throw new AppError('BAD_REQUEST', DRIVE_MSG.oneFile);
          }
          received = await receive(part.stream, part.filename);
        }
        if (!received) throw new AppError('BAD_REQUEST', DRIVE_MSG.fileRequired);
        const metadata = driveMetadataInput.safeParse(fields);
        if (!metadata.success) {
          throw new AppError('BAD_REQUEST', metadata.error.issues[0]?.message ?? DRIVE_MSG.nameRequired);
        }
        return commit(received, metadata.data, adminId);
      } catch (error) {
        discard(received);
        throw asUploadError(error);
      }
    },

    /** PUT /admin/drive/:id: name, description, isPublic, tags. */
    update(id: string, metadata: DriveMetadata): DriveItem {
      load(id);
      const row = db.update(driveFiles).set(metadata).where(eq(driveFiles.id, id)).returning().get();
      return toDriveItem(row);
    },

    /** DELETE /admin/drive/:id: the row, the file and its thumbnail. */
    remove(id: string): void {
      load(id);
      db.delete(driveFiles).where(eq(driveFiles.id, id)).run();
      storage.remove(id);
      log.info({ driveFileId: id }, 'drive: file deleted');
    },

    /**
     * A file to send to `viewer`: public files to memberships in force, the others to admins only.
     * An account without a membership in force is refused before the id is even looked up; a
     * private file is "not found" for a member, exactly like a missing one.
     */
    download(id: string, viewer: FilesViewer, variant: 'file' | 'thumbnail'): DriveDownload {
      membership.requireFiles(viewer);
      const row = db.select().from(driveFiles).where(eq(driveFiles.id, id)).get();
      if (!row || (!row.isPublic && viewer.role !== 'admin')) {
        throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
      }
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
    },

    /** Files on disk, for tests and the bench (nothing left behind). */
    filesOnDisk: () => storage.listFiles(),
  };
}

export type DriveService = ReturnType<typeof createDriveService>;

/** A Readable of a buffer, for files made in memory (the demo seed). */
export const readableOf = (bytes: Buffer | Uint8Array) => Readable.from([Buffer.from(bytes)]);
