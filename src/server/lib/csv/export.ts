/**
 * The one CSV writer of the back office's exports (docs/decisions/035-csv-dialect-and-active-members.md):
 * every file opens as is in a spreadsheet configured for Brazil.
 *
 * - UTF-8 with a byte-order mark (accents survive), `;` between fields;
 * - amounts with a decimal comma and no thousands separator (`1497,00`);
 * - dates `dd/mm/aaaa` and date-times `dd/mm/aaaa hh:mm` in São Paulo time (what a spreadsheet in
 *   pt-BR reads as a date), plus, where a program reads the file, an ISO 8601 column (`…_iso`);
 * - cells a spreadsheet would run as a formula (a name typed at a public checkout as
 *   `=HYPERLINK(…)`) get a leading apostrophe.
 *
 * Rows come from any iterable (`csvFile`) or straight from a drizzle query read on a connection of
 * its own (`csvStream`, docs/decisions/016-downloads-and-big-lists.md): while an iterator is open its
 * connection refuses writes, and the app's connection must keep taking payments and logins during a
 * long download. WAL mode lets that reader see one consistent snapshot while the writer goes on.
 */
import { Readable, pipeline } from 'node:stream';
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import { saoPauloWallClock } from '../../../shared/sao-paulo-time';
import type { Db } from '../../db/client';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | null | undefined;
  /**
   * Values of this shape are written as they are, without the formula guard's apostrophe: a value
   * the server validated that another program reads (a phone PIX key `+5511…` in a bank file, which
   * a spreadsheet reads as a number and never runs).
   */
  verbatim?: RegExp;
}

/** A built query: drizzle's `select(fields)…` (its `toSQL()`), with the `fields` it selected. */
export interface CsvQuery<Row> {
  query: { toSQL(): { sql: string; params: unknown[] } };
  /** The object given to `db.select(…)`: its keys name the columns in the order they are selected. */
  fields: Record<keyof Row, unknown>;
}

/** The exports' dialect: what Excel in pt-BR opens without an import wizard. */
export const CSV_DELIMITER = ';';

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

type Instant = Date | string | number;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));
const two = (n: number) => String(n).padStart(2, '0');
/** The São Paulo calendar and clock of an instant, zero-padded. */
function localParts(value: Instant) {
  const { year, month, day, hour, minute } = saoPauloWallClock(toDate(value));
  return { year: String(year), month: two(month), day: two(day), hour: two(hour), minute: two(minute) };
}

/** The São Paulo calendar day of an instant: "22/11/2026" ('' when there is none). */
export function csvDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const { day, month, year } = localParts(value);
  return `${day}/${month}/${year}`;
}

/** A calendar day stored as "2026-11-22" (a birth date: no time zone) → "22/11/2026". */
export function csvCalendarDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

/** São Paulo date and time of an instant: "22/11/2026 09:00" (no comma: Excel reads it as a date). */
export function csvDateTime(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const { day, month, year, hour, minute } = localParts(value);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** The instant for a program: ISO 8601 in UTC ('' when there is none). */
export function csvIso(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return toDate(value).toISOString();
}

/** Rows (any iterable: a generator reading batches, say) → the CSV file, header first, streamed. */
export function csvFile<Row>(rows: Iterable<Row>, columns: readonly CsvColumn<Row>[]): Readable {
  const records = Readable.from(
    (function* () {
      for (const row of rows) {
        yield columns.map((column) => {
          const value = column.value(row);
          if (value === null || value === undefined) return '';
          if (typeof value !== 'string') return String(value);
          return column.verbatim?.test(value) ? value : spreadsheetSafe(value);
        });
      }
    })(),
  );
  const csv = stringify({
    bom: true,
    delimiter: CSV_DELIMITER,
    header: true,
    columns: columns.map((column) => column.header),
  });
  // Any failure (or the client leaving) tears the whole chain down, which ends the row source.
  return pipeline(records, csv, () => undefined);
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

/** The query's rows as a CSV stream with a header line, read on a read-only connection. */
export function csvStream<Row>(db: Db, source: CsvQuery<Row>, columns: readonly CsvColumn<Row>[]): Readable {
  return csvFile(readRows(db, source), columns);
}
