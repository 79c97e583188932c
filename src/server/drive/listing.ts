/** The drive's lists (admins: everything; memberships in force: the public files) and an item's edits. */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  DRIVE_MSG,
  type DriveAdminItem,
  type DriveFileType,
  type DriveItem,
  type DriveListInput,
  type DriveMetadata,
  type DrivePublicListInput,
} from '../../shared/drive-schemas';
import { driveFiles, users, type DriveFileRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { likeTerm } from '../lib/like-term';
import type { FilesViewer } from '../membership/membership';
import type { DriveContext } from './context';
import { pageOffset, paginationOf } from '../lib/paging';

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

function load({ db }: DriveContext, id: string): DriveFileRow {
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
  { db }: DriveContext,
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
    .offset(pageOffset(input))
    .all();
  return {
    success: true as const,
    items: rows.map((row) => map(row.file, row.uploader)),
    pagination: paginationOf(input, total),
  };
}

const adminItem = (row: DriveFileRow, uploader: string | null): DriveAdminItem => ({
  ...toDriveItem(row),
  uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: uploader ?? '' } : null,
});

/** GET /admin/drive: every file, filtered by type, search and isPublic (docs/product/back-office-and-member-area.md §3, §7). */
export function list(ctx: DriveContext, input: DriveListInput) {
  const visibility =
    input.isPublic === 'true'
      ? eq(driveFiles.isPublic, true)
      : input.isPublic === 'false'
        ? eq(driveFiles.isPublic, false)
        : undefined;
  // The screen refuses a larger file before sending a byte of it.
  const maxUploadMb = ctx.env.DRIVE_MAX_UPLOAD_MB;
  return { ...page(ctx, and(filters(input.type, input.search), visibility), input, adminItem), maxUploadMb };
}

/** GET /drive/public: public files only, for memberships in force (and admins). */
export function listPublic(ctx: DriveContext, viewer: FilesViewer, input: DrivePublicListInput) {
  ctx.membership.requireFiles(viewer);
  return page(ctx, and(eq(driveFiles.isPublic, true), filters(input.type, input.search)), input, toDriveItem);
}

/** PUT /admin/drive/:id: name, description, isPublic, tags. */
export function update(ctx: DriveContext, id: string, metadata: DriveMetadata): DriveItem {
  load(ctx, id);
  const [row] = ctx.db.update(driveFiles).set(metadata).where(eq(driveFiles.id, id)).returning().all();
  // `load` found it just before, in the same synchronous call.
  return toDriveItem(row!);
}

/** DELETE /admin/drive/:id: the row, the file and its thumbnail. */
export function remove(ctx: DriveContext, id: string): void {
  load(ctx, id);
  ctx.db.delete(driveFiles).where(eq(driveFiles.id, id)).run();
  ctx.storage.remove(id);
  ctx.log.info({ driveFileId: id }, 'drive: file deleted');
}
