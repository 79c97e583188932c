/**
 * Uploads are streamed to disk (drive-storage.ts), judged by their content (drive-content.ts),
 * and committed — file renamed into place, row written — only when everything succeeded.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type Sharp from 'sharp';
import {
  DRIVE_MSG,
  driveMetadataInput,
  type DriveItem,
  type DriveMetadata,
} from '../../shared/drive-schemas';
import { driveFiles } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { acceptedContent, type DetectedContent } from './content';
import { FileTooLargeError, type StagedFile } from './storage';
import type { MultipartBody } from './uploads';
import type { DriveContext } from './context';
import { toDriveItem } from './listing';

/** Room for the form's text fields and part headers around the file in a request's length. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
const THUMBNAIL_PX = 480;

const publicUrl = (id: string) => `/api/drive/files/${id}`;
const thumbnailUrl = (id: string) => `/api/drive/files/${id}/thumbnail`;

interface ReceivedFile extends StagedFile {
  content: DetectedContent;
  /** The staged thumbnail of an image, when one could be made. */
  thumbnail: string | null;
  filename: string;
}

/** A Readable of a buffer, for files made in memory (the demo seed). */
export const readableOf = (bytes: Buffer | Uint8Array) => Readable.from([Buffer.from(bytes)]);

export interface NewDriveFile {
  source: Readable;
  /** The sender's file name (picks doc/xls/ppt inside an OLE file; kept for reference). */
  filename: string;
  metadata: DriveMetadata;
  uploadedBy: string | null;
}

/**
 * sharp (libvips, ~9 MB of a process's memory) loads with the first image uploaded, not with the
 * server: most servers never make a thumbnail (docs/performance.md, "Memory of the server").
 */
let loadingSharp: Promise<typeof Sharp> | undefined;
const loadSharp = () => (loadingSharp ??= import('sharp').then((module) => module.default));

/** A thumbnail of an image, staged; null when sharp cannot read it (the file is still kept). */
async function stageThumbnail({ storage, log }: DriveContext, source: string): Promise<string | null> {
  const target = storage.stagingPath('.webp');
  try {
    const sharp = await loadSharp();
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

/** What a failed upload answers: our own error, "too large", or "interrupted" (never a 500). */
function asUploadError(ctx: DriveContext, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FileTooLargeError || (error as { statusCode?: number }).statusCode === 413) {
    return ctx.tooLarge();
  }
  ctx.log.warn({ err: error }, 'drive: upload interrupted');
  return new AppError('BAD_REQUEST', DRIVE_MSG.uploadInterrupted, { cause: error });
}

/**
 * Streams a file to a staging file and judges its content (and makes an image's thumbnail).
 * Nothing is in the database yet; on failure nothing stays on disk.
 */
async function receive(ctx: DriveContext, source: Readable, filename: string): Promise<ReceivedFile> {
  let staged: string | undefined;
  try {
    const file = await ctx.storage.stage(source, ctx.maxBytes);
    staged = file.path;
    const content = await acceptedContent(file.path, filename);
    if (!content) throw new AppError('BAD_REQUEST', DRIVE_MSG.typeRefused);
    const thumbnail = content.type === 'image' ? await stageThumbnail(ctx, file.path) : null;
    return { ...file, content, thumbnail, filename };
  } catch (error) {
    ctx.storage.removeStaged(staged);
    throw asUploadError(ctx, error);
  }
}

function discard({ storage }: DriveContext, received: ReceivedFile | undefined) {
  storage.removeStaged(received?.path);
  storage.removeStaged(received?.thumbnail ?? undefined);
}

/** Writes the row and moves the staged files into place, all or nothing. */
function commit(
  ctx: DriveContext,
  received: ReceivedFile,
  metadata: DriveMetadata,
  uploadedBy: string | null,
) {
  const { db, clock, log, storage } = ctx;
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
    discard(ctx, received);
    throw error;
  }
}

/** Stores a file made on the server (the demo seed), through the same checks as an upload. */
export async function add(ctx: DriveContext, { source, filename, metadata, uploadedBy }: NewDriveFile) {
  return commit(ctx, await receive(ctx, source, filename), metadata, uploadedBy);
}

/** Reads the form's parts as they arrive: its text fields, and its one file received to staging. */
async function readForm(
  ctx: DriveContext,
  body: MultipartBody,
  form: { fields: Record<string, string>; received?: ReceivedFile },
) {
  const parts = body.parts({
    maxFileBytes: ctx.maxBytes + 1,
    maxFiles: 1,
    maxFields: 10,
    maxFieldBytes: 16 * 1024,
  });
  for await (const part of parts) {
    if (part.kind === 'field') {
      if (part.truncated) throw new AppError('BAD_REQUEST', DRIVE_MSG.fieldTooLong);
      form.fields[part.field] = part.value;
      continue;
    }
    if (part.field !== 'file' || form.received) {
      part.stream.resume();
      throw new AppError('BAD_REQUEST', DRIVE_MSG.oneFile);
    }
    form.received = await receive(ctx, part.stream, part.filename);
  }
}

/**
 * POST /admin/drive (multipart: file, name, description, isPublic, tags). The text fields may
 * come before or after the file, which is read as it arrives; the form is checked once complete.
 */
export async function upload(ctx: DriveContext, body: MultipartBody, adminId: string): Promise<DriveItem> {
  if (!body.isMultipart) throw new AppError('BAD_REQUEST', DRIVE_MSG.notMultipart);
  if (body.declaredLength !== undefined && body.declaredLength > ctx.maxBytes + FORM_OVERHEAD_BYTES) {
    throw ctx.tooLarge();
  }
  const form: { fields: Record<string, string>; received?: ReceivedFile } = { fields: {} };
  try {
    await readForm(ctx, body, form);
    if (!form.received) throw new AppError('BAD_REQUEST', DRIVE_MSG.fileRequired);
    const metadata = driveMetadataInput.safeParse(form.fields);
    if (!metadata.success) {
      throw new AppError('BAD_REQUEST', metadata.error.issues[0]?.message ?? DRIVE_MSG.nameRequired);
    }
    return commit(ctx, form.received, metadata.data, adminId);
  } catch (error) {
    discard(ctx, form.received);
    throw asUploadError(ctx, error);
  }
}
