/**
 * The drive's item types (docs/product/back-office-and-member-area.md §3), in the order the filters
 * offer them. Its own module without zod, so the client's list search can read it cheaply.
 */
export const DRIVE_TYPES = [
  'image',
  'video',
  'audio',
  'pdf',
  'document',
  'spreadsheet',
  'presentation',
  'archive',
  'text',
  'code',
  'other',
] as const;
export type DriveFileType = (typeof DRIVE_TYPES)[number];
