/**
 * The subscribers' CSV (ADR 015): a streamed export of the filtered list and a bounded import with
 * a dry run. The file's dialect is the exports' one (ADR 035: `;`, decimal comma, dd/mm/aaaa); the
 * import also reads the comma dialect and says which it found, and finds the file's encoding (UTF-8,
 * or Windows-1252 from Excel's "CSV (separado por vírgulas)": csv-encoding.ts). Both use the columns of
 * `shared/subscriber-csv.ts`; the import checks each row with the admin form's schema (its
 * messages) and writes through `subscriberAdmin`, so the status machine and the history see
 * imported rows like typed ones.
 *
 * The export lives in `subscriber-csv/export.ts`; the import reads the file (`read-file.ts`), plans
 * each row (`plan-row.ts`, `cells.ts`) and applies the plan (`import.ts`).
 */
import type { Readable } from 'node:stream';
import type { SubscriberExportFilter, SubscriberImportReport } from '../../../shared/subscriber-csv';
import type { SubscriberCsvDeps } from './deps';
import { exportCsv } from './export';
import { importCsv } from './import';
import type { CsvSource } from './read-file';

export { EXPORT_BATCH } from './export';
export type { SubscriberCsvDeps };

export function createSubscriberCsv(deps: SubscriberCsvDeps) {
  return {
    /**
     * The filtered list as CSV in the exports' dialect (`csv-export.ts`), streamed: rows are read
     * EXPORT_BATCH at a time by rowid, so memory stays small and other requests are never blocked
     * by an open cursor. CPFs are masked unless `includeCpf`.
     */
    exportCsv: (filter: SubscriberExportFilter, adminId: string): Readable =>
      exportCsv(deps, filter, adminId),
    /** Dry run (`apply` false) or import of a file: a report row by row, applied rows written. */
    import: (source: CsvSource, apply: boolean, adminId: string): SubscriberImportReport =>
      importCsv(deps, source, apply, adminId),
  };
}

export type SubscriberCsv = ReturnType<typeof createSubscriberCsv>;
