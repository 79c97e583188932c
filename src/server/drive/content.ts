/**
 * What a drive file is, judged by its bytes (file-type's signatures) and only then by its name:
 * a renamed executable is not a PDF. Decides the item type (docs/product/back-office-and-member-area.md §3) and whether the upload is
 * one the drive accepts (docs/product/back-office-and-member-area.md §5: images, videos, pdf, doc, docx, xls, xlsx, ppt, pptx).
 */
import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { DriveFileType } from '../../shared/drive-schemas';

export interface DetectedContent {
  mime: string;
  /** The extension that matches the content. */
  extension: string;
  type: DriveFileType;
}

const OOXML: Record<string, DetectedContent> = {
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    type: 'document',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    type: 'spreadsheet',
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    type: 'presentation',
  },
};

/**
 * The legacy Office formats are all OLE compound files (so are .msi installers): the extension
 * says which one is meant, and the file must hold that application's main stream.
 */
const LEGACY_OFFICE: Record<string, DetectedContent & { streams: string[] }> = {
  doc: { mime: 'application/msword', extension: 'doc', type: 'document', streams: ['WordDocument'] },
  xls: {
    mime: 'application/vnd.ms-excel',
    extension: 'xls',
    type: 'spreadsheet',
    streams: ['Workbook', 'Book'],
  },
  ppt: {
    mime: 'application/vnd.ms-powerpoint',
    extension: 'ppt',
    type: 'presentation',
    streams: ['PowerPoint Document'],
  },
};

const CODE_EXTENSIONS = new Set([
  'js',
  'ts',
  'tsx',
  'jsx',
  'py',
  'rb',
  'java',
  'c',
  'cpp',
  'h',
  'cs',
  'go',
  'rs',
  'php',
  'sh',
  'sql',
  'css',
  'html',
  'json',
  'xml',
  'yml',
  'yaml',
]);
const ARCHIVE_EXTENSIONS = new Set(['zip', 'rar', '7z', 'tar', 'gz', 'bz2', 'xz']);
const DOCUMENT_EXTENSIONS = new Set(['doc', 'docx', 'odt', 'rtf']);
const SPREADSHEET_EXTENSIONS = new Set(['xls', 'xlsx', 'ods', 'csv']);
const PRESENTATION_EXTENSIONS = new Set(['ppt', 'pptx', 'odp']);

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** The item type of docs/product/back-office-and-member-area.md §3 for a MIME type and extension (any of the 11, accepted or not). */
export function driveTypeOf(mime: string, extension: string): DriveFileType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (DOCUMENT_EXTENSIONS.has(extension)) return 'document';
  if (SPREADSHEET_EXTENSIONS.has(extension)) return 'spreadsheet';
  if (PRESENTATION_EXTENSIONS.has(extension)) return 'presentation';
  if (ARCHIVE_EXTENSIONS.has(extension)) return 'archive';
  if (CODE_EXTENSIONS.has(extension)) return 'code';
  if (mime.startsWith('text/') || extension === 'txt' || extension === 'md') return 'text';
  return 'other';
}

/** Whether an OLE compound file holds one of the named streams (its directory names are UTF-16LE). */
async function holdsStream(path: string, names: string[]): Promise<boolean> {
  const needles = names.map((name) => Buffer.from(name, 'utf16le'));
  const overlap = Math.max(...needles.map((needle) => needle.length));
  let tail = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (needles.some((needle) => window.includes(needle))) return true;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return false;
}

/**
 * The accepted content of a staged upload, or null when the drive refuses it (an executable, a
 * script, an unknown or mismatched format). `filename` only picks between formats that share a
 * container (doc/xls/ppt).
 */
export async function acceptedContent(path: string, filename: string): Promise<DetectedContent | null> {
  const detected = await fileTypeFromFile(path);
  if (!detected) return null;
  const { mime, ext } = detected;
  if (mime.startsWith('image/') || mime.startsWith('video/') || mime === 'application/pdf') {
    return { mime, extension: ext, type: driveTypeOf(mime, ext) };
  }
  const ooxml = OOXML[ext];
  if (ooxml) return ooxml;
  if (ext === 'cfb') {
    const legacy = LEGACY_OFFICE[extensionOf(filename)];
    if (legacy && (await holdsStream(path, legacy.streams))) {
      return { mime: legacy.mime, extension: legacy.extension, type: legacy.type };
    }
  }
  return null;
}
