/**
 * Files an operation answers instead of JSON (docs/decisions/016-downloads.md): a CSV export streams
 * rows from the database as they are read, so the operation hands the REST adapter a stream and a
 * file name; the adapter sends it with the binding's content type as an attachment
 * (rest/file-answer.ts, ADR 039). Access, rate limit and input parsing are those of every other
 * operation.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';

export interface Download {
  /** Offered to the browser (`Content-Disposition: attachment`, any Unicode name; no path). */
  filename: string;
  body: Readable;
}

/** The output schema of a download operation: the stream passes through untouched. */
export const downloadOutput = z.custom<Download>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Download).filename === 'string' &&
    (value as Download).body instanceof Readable,
);
