/** Reading the uploaded file into rows keyed by field (either dialect), refusing a file that cannot be one. */
import {
  type CsvDialect,
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_CSV_MSG,
  SUBSCRIBER_IMPORT_MAX_ROWS,
} from '../../../shared/subscriber-csv';
import { AppError } from '../../errors';
import { readCsv, type CsvText } from '../csv-read';
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

/** Reads the file into rows keyed by field; a missing required column refuses the whole file. */
export function readFile(csv: string): { dialect: CsvDialect; rows: Record<string, string>[] } {
  const text = parse(csv);
  const [header, ...rows] = text.records;
  if (!header || rows.length === 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.empty);
  if (rows.length > SUBSCRIBER_IMPORT_MAX_ROWS)
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.tooManyRows);
  const fields = fieldsOf(header);
  return {
    dialect: text.dialect,
    rows: rows.map((cells) => {
      const row: Record<string, string> = {};
      fields.forEach((field, index) => {
        if (field && field !== 'createdAt') row[field] = unsafeCell(cells[index] ?? '');
      });
      return row;
    }),
  };
}
