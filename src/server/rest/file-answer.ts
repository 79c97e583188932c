/**
 * Sends a file an operation answered (`rest.fileAnswer`): streamed from disk, never read whole;
 * one byte range when asked (`Range: bytes=…`, 206), so a video can be seeked; a Content-Disposition
 * with a safe name; and headers that stop a browser from reading it as anything but its own type.
 */
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DRIVE_MSG } from '../../shared/drive-schemas';
import type { FileAnswer } from '../operations/define';

/**
 * A served file is shown by the browser's own viewers (image, PDF, media) and may run nothing:
 * no scripts, no connections, no framing by other sites.
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

type Range = { start: number; end: number };

/**
 * The one range of a `Range` header: null to send the whole file (no header, several ranges, or a
 * form we do not read — RFC 9110 lets a server ignore it), 'unsatisfiable' for a range past the end.
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name (RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendFileAnswer(request: FastifyRequest, reply: FastifyReply, file: FileAnswer) {
  const range = parseRange(request.headers.range, file.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .send({ error: DRIVE_MSG.rangeNotSatisfiable });
  }
  reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('content-security-policy', FILE_CSP);
  if (!range) {
    return reply.code(200).header('content-length', file.size).send(fs.createReadStream(file.path));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(fs.createReadStream(file.path, { start: range.start, end: range.end }));
}
