/**
 * Reading the uploaded file into rows keyed by field (either dialect, UTF-8 or Excel's
 * Windows-1252), refusing a file that cannot be one.
 */
import {
  type CsvDialect,
  type CsvEncoding,
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_CSV_ISO_COLUMNS,
  SUBSCRIBER_CSV_MSG,
  SUBSCRIBER_IMPORT_MAX_ROWS,
} from '../../../shared/subscriber-csv';
import { AppError } from '../../lib/errors';
import { decodeCsvBytes, isReadableText } from '../../lib/csv/encoding';
import { readCsv, type CsvText } from '../../lib/csv/read';
import { HEADER_OF } from './deps';

/** Accents, spaces around and case do not matter in a header or a label. */
export const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The export's formula guard (a leading apostrophe) comes off on the way back in. */
const unsafeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

function parse(csv: string): CsvText {
  try {
    return readCsv(csv);
  } catch {
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.unreadable);
  }
}

/** What the admin sent: the text (UTF-8 callers) or the file's bytes in base64. */
export type CsvSource = { csv?: string | undefined; file?: string | undefined };

/** The file's text and the encoding it was read in; a file that is not text is refused. */
export function decodeSource(source: CsvSource): { text: string; encoding: CsvEncoding } {
  if (source.file !== undefined) {
    const decoded = decodeCsvBytes(Buffer.from(source.file, 'base64'));
    if (!decoded) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.undecodable);
    return decoded;
  }
  const text = source.csv ?? '';
  // Text a caller already decoded: a replacement character means it was read in the wrong encoding.
  if (!isReadableText(text.replace(/^\uFEFF/, ''))) {
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.undecodable);
  }
  return { text, encoding: text.startsWith('\uFEFF') ? 'utf-8-bom' : 'utf-8' };
}

/** The export's columns for a program: the import knows them and leaves them alone. */
const EXPORT_ONLY = new Set(Object.values(SUBSCRIBER_CSV_ISO_COLUMNS).map(normalise));

/** The field of each column (undefined for a column the import does not know). */
function fieldsOf(header: string[]): (string | undefined)[] {
  const fieldOf = new Map(SUBSCRIBER_CSV_COLUMNS.map(([name, field]) => [normalise(name), field as string]));
  const fields = header.map((name) => fieldOf.get(normalise(name)));
  const missing = (['fullName', 'email', 'phone'] as const)
    .filter((field) => !fields.includes(field))
    .map((field) => HEADER_OF[field]);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.missingColumns(missing));
  return fields;
}

/**
 * Reads the file into rows keyed by field; a missing required column refuses the whole file, and
 * the columns it does not know are named (`unknownColumns`), for the report to list.
 */
export function readFile(csv: string): {
  dialect: CsvDialect;
  unknownColumns: string[];
  rows: Record<string, string>[];
} {
  const text = parse(csv);
  const [header, ...rows] = text.records;
  if (!header || rows.length === 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.empty);
  if (rows.length > SUBSCRIBER_IMPORT_MAX_ROWS)
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.tooManyRows);
  const fields = fieldsOf(header);
  return {
    dialect: text.dialect,
    unknownColumns: header.filter(
      (name, index) => fields[index] === undefined && name.trim() !== '' && !EXPORT_ONLY.has(normalise(name)),
    ),
    rows: rows.map((cells) => {
      const row: Record<string, string> = {};
      fields.forEach((field, index) => {
        if (field && field !== 'createdAt') row[field] = unsafeCell(cells[index] ?? '');
      });
      return row;
    }),
  };
}
