/**
 * CSV exports streamed straight from the database (docs/decisions/016-downloads.md). A query's rows
 * are read one at a time with better-sqlite3's `.iterate()` and turned into CSV as the response
 * drains, so memory stays flat whatever the table's size.
 *
 * The rows are read on a connection of their own, opened read-only for the export and closed when
 * it ends (or the client goes away): while an iterator is open its connection refuses writes, and
 * the app's connection must keep taking payments and logins during a long download. WAL mode lets
 * that reader see one consistent snapshot while the writer goes on.
 *
 * The file opens in a Brazilian spreadsheet as is: UTF-8 with a byte-order mark (accents), `;`
 * between fields and decimal commas. Cells that a spreadsheet would run as a formula (a name typed
 * at a public checkout as `=HYPERLINK(…)`) get a leading apostrophe.
 */
import { Readable, pipeline } from 'node:stream';
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import type { Db } from '../db/client';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | null | undefined;
}

/** A built query: drizzle's `select(fields)…` (its `toSQL()`), with the `fields` it selected. */
export interface CsvQuery<Row> {
  query: { toSQL(): { sql: string; params: unknown[] } };
  /** The object given to `db.select(…)`: its keys name the columns in the order they are selected. */
  fields: Record<keyof Row, unknown>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet shows as text, never evaluates. */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** 149700 → "1497,00" (a number for a pt-BR spreadsheet; no currency sign, no thousands dot). */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function* readRows<Row>(db: Db, { query, fields }: CsvQuery<Row>): Generator<Row> {
  const { sql, params } = query.toSQL();
  const client = db.$client;
  const file = client.name;
  // An in-memory database cannot be opened twice; it has no other writer to block either.
  const own = file !== ':memory:' ? new Database(file, { readonly: true, fileMustExist: true }) : null;
  const connection = own ?? client;
  try {
    const keys = Object.keys(fields) as (keyof Row)[];
    const statement = connection.prepare(sql).raw(true);
    for (const values of statement.iterate(...params) as Iterable<unknown[]>) {
      const row = {} as Row;
      keys.forEach((key, index) => {
        row[key] = values[index] as Row[keyof Row];
      });
      yield row;
    }
  } finally {
    own?.close();
  }
}

/** The query's rows as a CSV stream with a header line. */
export function csvStream<Row>(db: Db, source: CsvQuery<Row>, columns: readonly CsvColumn<Row>[]): Readable {
  const records = Readable.from(
    (function* () {
      for (const row of readRows(db, source)) {
        yield columns.map((column) => {
          const value = column.value(row);
          if (value === null || value === undefined) return '';
          return typeof value === 'string' ? spreadsheetSafe(value) : String(value);
        });
      }
    })(),
  );
  const csv = stringify({ bom: true, delimiter: ';', header: true, columns: columns.map((c) => c.header) });
  // Any failure (or the client leaving) tears the whole chain down, which closes the reader.
  return pipeline(records, csv, () => undefined);
}
