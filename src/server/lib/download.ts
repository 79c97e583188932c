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

/**
 * The meta of a CSV download procedure: counted against the export limit (a whole table leaves
 * the club) and sent as UTF-8 CSV.
 */
export const CSV_DOWNLOAD = {
  rateLimit: 'export',
  download: { contentType: 'text/csv; charset=utf-8' },
} as const;

/** How the club's list exports are written, opening their documentation: Brazilian Excel's dialect. */
export const EXCEL_CSV_DESCRIPTION =
  'Formato do Excel em português: UTF-8 com BOM, campos separados por `;`, valores com vírgula ' +
  'decimal sem separador de milhar (1497,00), datas';
