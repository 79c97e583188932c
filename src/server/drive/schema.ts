import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DRIVE_TYPES } from '../../shared/drive-schemas';
import { users } from '../identity/schema/accounts';

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * The file drive's metadata (docs/product/back-office-and-member-area.md §3 "Drive item"). The bytes live on disk under
 * `DATA_DIR/drive/`, named after the row's id only (never after anything a person typed), with the
 * thumbnail of an image beside it; `type` and `mime` come from the file's content.
 */
export const driveFiles = sqliteTable(
  'drive_files',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    /** Normalised tags (src/shared/drive-schemas.ts `normalizeTags`). */
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    type: text('type', { enum: DRIVE_TYPES }).notNull(),
    /** The MIME type detected from the content (sent as Content-Type on download). */
    mime: text('mime').notNull(),
    /** The extension that matches the content (`pdf`, `docx`…), for the download's file name. */
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** The uploader's file name, kept for reference only (never a path on disk). */
    originalName: text('original_name').notNull().default(''),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' }).notNull().default(now),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('drive_files_uploaded_idx').on(table.uploadedAt),
    index('drive_files_public_idx').on(table.isPublic, table.uploadedAt),
  ],
);

export type DriveFileRow = typeof driveFiles.$inferSelect;
