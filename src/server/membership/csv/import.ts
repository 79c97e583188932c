/** The import: a dry run or the whole file applied through `subscriberAdmin`, reported row by row. */
import {
  CSV_DIALECT_MSG,
  CSV_ENCODING_MSG,
  type CsvDialect,
  type CsvEncoding,
  type SubscriberImportReport,
} from '../../../shared/subscriber-csv';
import type { SubscriberCsvDeps } from './deps';
import { planRow, type Planned } from './plan-row';
import { decodeSource, readFile, type CsvSource } from './read-file';
import { create, update } from '../subscribers/admin/edit';

/** Writes the planned creations and updates, as the admin form would. */
function applyPlan({ subscriberAdmin }: SubscriberCsvDeps, planned: Planned[], adminId: string) {
  for (const row of planned) {
    if (row.action === 'create') create(subscriberAdmin, row.input, adminId);
    else if (row.action === 'update') update(subscriberAdmin, row.id, row.input, adminId);
  }
}

interface FileRead {
  dialect: CsvDialect;
  encoding: CsvEncoding;
  unknownColumns: string[];
}

function reportOf(planned: Planned[], file: FileRead, applied: boolean): SubscriberImportReport {
  const totals = { create: 0, update: 0, unchanged: 0, reject: 0 };
  for (const row of planned) totals[row.action] += 1;
  return {
    success: true as const,
    applied,
    totals,
    dialect: file.dialect,
    dialectMessage: CSV_DIALECT_MSG[file.dialect],
    encoding: file.encoding,
    encodingMessage: CSV_ENCODING_MSG[file.encoding],
    unknownColumns: file.unknownColumns,
    rows: planned.map((row) => ({
      line: row.line,
      email: row.email,
      name: row.name,
      action: row.action,
      errors: row.action === 'reject' ? row.errors : [],
      changes: row.action === 'update' ? row.changes : [],
    })),
  };
}

/** Dry run (`apply` false) or import of a file: a report row by row, applied rows written. */
export function importCsv(
  deps: SubscriberCsvDeps,
  source: CsvSource,
  apply: boolean,
  adminId: string,
): SubscriberImportReport {
  const { text, encoding } = decodeSource(source);
  const run = (): SubscriberImportReport => {
    const seen = new Map<string, number>();
    const file = { ...readFile(text), encoding };
    const planned = file.rows.map((row, index) =>
      planRow(deps, row, { line: index + 2, seen, dialect: file.dialect }),
    );
    if (apply) applyPlan(deps, planned, adminId);
    return reportOf(planned, file, apply);
  };
  // All or nothing: a file half applied is worse than one to send again.
  return apply ? deps.db.transaction(run) : run();
}
