/**
 * What a streamed upload looks like to a service: the parts of a multipart/form-data body, read
 * one by one, the file part as a stream. The REST transport adapts its multipart parser to this
 * (src/server/rest/route.ts); the service never sees Fastify, and never holds the file in memory.
 */
import type { Readable } from 'node:stream';

export interface UploadFieldPart {
  kind: 'field';
  field: string;
  value: string;
  /** The transport cut the value at `maxFieldBytes`. */
  truncated: boolean;
}

export interface UploadFilePart {
  kind: 'file';
  field: string;
  /** The name the sender gave the file: informative only, never a path. */
  filename: string;
  stream: Readable;
}

export type UploadPart = UploadFieldPart | UploadFilePart;

export interface UploadLimits {
  /** The transport stops reading the file past this many bytes (and the stream fails with a 413). */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
}

export interface MultipartBody {
  /** False when the request did not come as multipart/form-data. */
  isMultipart: boolean;
  /** The request's Content-Length, when it sent one: lets a service refuse a huge body at once. */
  declaredLength: number | undefined;
  /** The parts in the order they arrive; the service names the limits the transport enforces. */
  parts(limits: UploadLimits): AsyncIterable<UploadPart>;
}
