/**
 * The one way an `/api` route answers a file instead of JSON (docs/decisions/039-one-way-to-answer-a-file.md):
 *
 * - a file on disk (`rest.fileAnswer`, the drive) goes through `@fastify/send`: streamed, never read
 *   whole; one byte range (206) so a video can be seeked; ETag / Last-Modified, so a browser that
 *   kept a copy gets 304 instead of the bytes;
 * - a stream made for the request (`rest.download`, CSV exports) is piped as it is produced.
 *
 * Both name the file with the same `Content-Disposition` (the `content-disposition` package).
 */
import path from 'node:path';
import send from '@fastify/send';
import { create as createContentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DRIVE_MSG } from '../../shared/drive-schemas';
import { AppError } from '../lib/errors';
import type { FileAnswer } from '../operations/define';
import type { Download } from '../lib/download';

/**
 * A served file is shown by the browser's own viewers (image, PDF, media) and may run nothing:
 * no scripts, no connections, no framing by other sites.
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

/**
 * The name a client without RFC 8187 support shows: accents dropped (São → Sao), anything else
 * outside printable ASCII, and `%` (which some browsers would decode), replaced by `_`.
 */
function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|%/g, '_');
}

/**
 * RFC 6266: the exact name as `filename*=UTF-8''…` (RFC 8187) whenever it is not plain ASCII, with
 * an ASCII `filename` beside it; a plain ASCII name is sent alone (quoted only when it must be).
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  return createContentDisposition(fileName, { type: kind, fallback: asciiFallback(fileName) });
}

/** Sends a file on disk an operation answered; ranges and conditional requests as RFC 9110 says. */
export async function sendFileAnswer(request: FastifyRequest, reply: FastifyReply, file: FileAnswer) {
  const answer = await send(request.raw, `/${encodeURIComponent(path.basename(file.path))}`, {
    root: path.dirname(file.path),
    // The type is the one the content was checked to be (stored files have no extension).
    contentType: false,
    // Kept by the browser but asked for again every time (`no-cache`): access is checked on every
    // request, and an unchanged file costs a 304. `private`: never by a shared cache.
    cacheControl: false,
    index: false,
  });
  reply
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes');
  if (answer.type === 'error') {
    if (answer.statusCode === 416 || answer.statusCode === 412) {
      const error = answer.statusCode === 416 ? DRIVE_MSG.rangeNotSatisfiable : DRIVE_MSG.preconditionFailed;
      return reply.code(answer.statusCode).headers(withoutBodyHeaders(answer.headers)).send({ error });
    }
    // The row was found but its bytes are gone (the service checked a moment ago): as missing.
    if (answer.statusCode === 404) throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
    throw answer.metadata.error;
  }
  // A folder where a file should be: never a redirect to a listing.
  if (answer.type === 'directory') throw new AppError('NOT_FOUND', DRIVE_MSG.notFound);
  reply.code(answer.statusCode).headers(answer.headers);
  if (answer.statusCode === 304) return reply.send();
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(file.disposition, file.fileName))
    .header('content-security-policy', FILE_CSP)
    .send(answer.stream);
}

/** Drops what `send` set for its own HTML error page: the answer is our JSON error instead. */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = Object.entries(headers).filter(
    ([name]) => !/^(content-type|content-length|content-security-policy)$/i.test(name),
  );
  return Object.fromEntries(kept);
}

/** Sends a stream an operation produced (a CSV export) as an attachment of `contentType`. */
export function sendDownload(reply: FastifyReply, status: number, contentType: string, file: Download) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .send(file.body);
}
