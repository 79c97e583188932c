/**
 * The subscribers' CSV (ADR 015): a streamed export of the filtered list and a bounded import with
 * a dry run. Both use the columns of `shared/subscriber-csv.ts`; the import checks each row with
 * the admin form's schema (its messages) and writes through `subscriberAdmin`, so the status
 * machine and the history see imported rows like typed ones.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { and, asc, getTableColumns, gt, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { maskCpf } from '../../shared/cpf';
import { TIME_ZONE } from '../../shared/format';
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../shared/plans';
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_CSV_MSG,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  type SubscriberCsvField,
  type SubscriberExportFilter,
  type SubscriberImportReport,
} from '../../shared/subscriber-csv';
import {
  GENDER_LABELS,
  GENDERS,
  SUBSCRIBER_MSG,
  subscriberInput,
  type SubscriberFormValues,
  type SubscriberInput,
  type SubscriberRecord,
} from '../../shared/subscriber-schemas';
import { subscribers, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import type { ActivityLog } from './activity-log';
import type { ServiceDeps } from './deps';
import { subscriberFilterWhere, toSubscriberRecord, type SubscriberAdmin } from './subscriber-admin';
import { formStatusEvent } from '../../shared/subscriber-status-machine';

/** Rows read per query: small memory, and the connection is never held between chunks. */
export const EXPORT_BATCH = 500;
/** Price of a new subscriber when the file leaves it blank (spec 02 §3 default). */
const DEFAULT_PRICE = 149700;

const HEADERS = SUBSCRIBER_CSV_COLUMNS.map(([header]) => header);
const HEADER_OF = Object.fromEntries(
  SUBSCRIBER_CSV_COLUMNS.map(([header, field]) => [field, header]),
) as Record<SubscriberCsvField, string>;

const sãoPauloDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' });
const sãoPauloDateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
/** YYYY-MM-DD of an instant, in the club's time zone (what a person means by "the date"). */
const localDate = (iso: string | null) => (iso ? sãoPauloDate.format(new Date(iso)) : '');

/** Cents → "1497,00" (a spreadsheet in pt-BR reads it as a number). */
const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @) gets a leading apostrophe; the import
 * takes it off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const unsafeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

function csvRow(record: SubscriberRecord, includeCpf: boolean): string[] {
  const values: Record<SubscriberCsvField, string> = {
    fullName: record.fullName,
    email: record.email,
    phone: record.phone,
    cpf: record.cpf ? (includeCpf ? record.cpf : maskCpf(record.cpf)) : '',
    birthDate: record.birthDate ?? '',
    gender: record.gender ? GENDER_LABELS[record.gender] : '',
    profession: record.profession ?? '',
    shirtSize: record.shirtSize,
    winePreference: record.winePreference ?? '',
    address: record.address ?? '',
    number: record.number ?? '',
    complement: record.complement ?? '',
    neighborhood: record.neighborhood ?? '',
    city: record.city ?? '',
    state: record.state ?? '',
    zipCode: record.zipCode ?? '',
    status: SUBSCRIBER_STATUS_LABELS[record.status],
    subscriptionPrice: reais(record.subscriptionPrice),
    subscriptionStartDate: localDate(record.subscriptionStartDate),
    subscriptionEndDate: localDate(record.subscriptionEndDate),
    adminNotes: record.adminNotes ?? '',
    createdAt: sãoPauloDateTime.format(new Date(record.createdAt)),
  };
  return SUBSCRIBER_CSV_COLUMNS.map(([, field]) => safeCell(values[field]));
}

// ---------------------------------------------------------------------------------------------
// Import: reading cells back into the form's values.

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

function statusOf(cell: string): SubscriberStatus | undefined {
  const wanted = normalise(cell);
  return SUBSCRIBER_STATUSES.find(
    (status) => status === wanted || normalise(SUBSCRIBER_STATUS_LABELS[status]) === wanted,
  );
}

function genderOf(cell: string): string | null {
  const wanted = normalise(cell);
  return GENDERS.find((gender) => gender === wanted || normalise(GENDER_LABELS[gender]) === wanted) ?? null;
}

/** "R$ 1.497,00", "1497,00", "1497.00", "1497" → cents. */
function centsOf(cell: string): number | undefined {
  let text = cell.replace(/R\$|\s/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/** "2026-03-01" or "01/03/2026" → "2026-03-01". */
function isoDateOf(cell: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}/.test(cell)) return cell.slice(0, 10);
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cell);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

/** The form's values of a stored subscriber (what an update starts from). */
function formValuesOf(record: SubscriberRecord): SubscriberFormValues {
  return {
    fullName: record.fullName,
    email: record.email,
    phone: record.phone,
    cpf: record.cpf,
    birthDate: record.birthDate,
    gender: record.gender,
    profession: record.profession,
    shirtSize: record.shirtSize as SubscriberFormValues['shirtSize'],
    winePreference: record.winePreference,
    address: record.address,
    number: record.number,
    complement: record.complement,
    neighborhood: record.neighborhood,
    city: record.city,
    state: record.state,
    zipCode: record.zipCode,
    status: record.status,
    subscriptionPrice: record.subscriptionPrice,
    subscriptionStartDate: record.subscriptionStartDate,
    subscriptionEndDate: record.subscriptionEndDate,
    adminNotes: record.adminNotes,
  };
}

type Planned =
  | { line: number; email: string; name: string; action: 'create'; input: SubscriberInput }
  | {
      line: number;
      email: string;
      name: string;
      action: 'update';
      id: string;
      input: SubscriberInput;
      changes: string[];
    }
  | { line: number; email: string; name: string; action: 'unchanged' }
  | { line: number; email: string; name: string; action: 'reject'; errors: string[] };

/** Reads the file into rows keyed by field; a missing required column refuses the whole file. */
function readFile(csv: string): Record<string, string>[] {
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // Spreadsheets in pt-BR save with semicolons (the comma is the decimal mark).
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.unreadable);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.empty);
  if (rows.length > SUBSCRIBER_IMPORT_MAX_ROWS)
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.tooManyRows);
  const fieldOf = new Map(SUBSCRIBER_CSV_COLUMNS.map(([name, field]) => [normalise(name), field as string]));
  const fields = header.map((name) => fieldOf.get(normalise(name)));
  const missing = (['fullName', 'email', 'phone'] as const)
    .filter((field) => !fields.includes(field))
    .map((field) => HEADER_OF[field]);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.missingColumns(missing));
  return rows.map((cells) => {
    const row: Record<string, string> = {};
    fields.forEach((field, index) => {
      if (field && field !== 'createdAt') row[field] = unsafeCell(cells[index] ?? '');
    });
    return row;
  });
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function createSubscriberCsv(
  { db }: ServiceDeps,
  subscriberAdmin: SubscriberAdmin,
  activityLog: Pick<ActivityLog, 'record'>,
) {
  const findByEmail = (email: string) =>
    db
      .select()
      .from(subscribers)
      .where(sql`${subscribers.email} = ${email}`)
      .get();

  /** One row of the file → what would happen to it. */
  function planRow(row: Record<string, string>, line: number, seen: Map<string, number>): Planned {
    const email = (row.email ?? '').trim().toLowerCase();
    const name = (row.fullName ?? '').trim();
    const reject = (errors: string[]): Planned => ({ line, email, name, action: 'reject', errors });
    const firstLine = email ? seen.get(email) : undefined;
    if (firstLine !== undefined) return reject([SUBSCRIBER_CSV_MSG.duplicateEmail(firstLine)]);
    if (email) seen.set(email, line);

    const existing: Subscriber | undefined = email ? findByEmail(email) : undefined;
    const current = existing ? toSubscriberRecord(existing) : undefined;
    const values: SubscriberFormValues = current
      ? formValuesOf(current)
      : { fullName: '', email: '', phone: '', status: 'pending_payment', subscriptionPrice: DEFAULT_PRICE };
    const problems: string[] = [];

    for (const [field, raw] of Object.entries(row)) {
      const cell = raw.trim();
      // A blank cell keeps what is stored (an update never wipes a field by omission).
      if (cell === '' && current) continue;
      const key = field as keyof SubscriberFormValues;
      switch (key) {
        case 'status': {
          if (cell === '') break;
          const status = statusOf(cell);
          if (status) values.status = status;
          else problems.push(`${HEADER_OF.status}: ${SUBSCRIBER_CSV_MSG.statusInvalid}`);
          break;
        }
        case 'subscriptionPrice': {
          if (cell === '') break;
          const cents = centsOf(cell);
          if (cents === undefined)
            problems.push(`${HEADER_OF.subscriptionPrice}: ${SUBSCRIBER_CSV_MSG.priceInvalid}`);
          else values.subscriptionPrice = cents;
          break;
        }
        case 'gender':
          values.gender = cell ? (genderOf(cell) as SubscriberFormValues['gender']) : null;
          break;
        case 'shirtSize':
          if (cell) values.shirtSize = cell.toUpperCase() as SubscriberFormValues['shirtSize'];
          break;
        case 'cpf':
          // The export masks CPFs unless asked: a masked one says nothing new, so it is kept.
          if (!cell.includes('*')) values.cpf = cell;
          break;
        case 'birthDate':
        case 'subscriptionStartDate':
        case 'subscriptionEndDate': {
          if (cell === '') {
            values[key] = null;
            break;
          }
          const date = isoDateOf(cell);
          if (!date) {
            problems.push(`${HEADER_OF[key]}: ${SUBSCRIBER_CSV_MSG.dateInvalid}`);
            break;
          }
          // The export writes the club's calendar date of an instant: the same date keeps the instant.
          const stored = current?.[key] ?? null;
          if (key !== 'birthDate' && stored && localDate(stored) === date) break;
          values[key] = date;
          break;
        }
        default:
          (values as Record<string, unknown>)[key] = cell;
      }
    }

    const parsed = subscriberInput.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as SubscriberCsvField;
        problems.push(HEADER_OF[field] ? `${HEADER_OF[field]}: ${issue.message}` : issue.message);
      }
    }
    if (problems.length > 0 || !parsed.success) return reject([...new Set(problems)]);
    const input = parsed.data;
    if (!current) return { line, email: input.email, name: input.fullName, action: 'create', input };

    const before = subscriberInput.parse(formValuesOf(current));
    const changes = (Object.keys(input) as (keyof SubscriberInput)[])
      .filter((key) => !sameValue(input[key], before[key]))
      .map((key) => HEADER_OF[key as SubscriberCsvField] ?? key);
    if (changes.length === 0) return { line, email, name: input.fullName, action: 'unchanged' };
    // A status typed in a file moves only as the form may move it (turn off / back on).
    if (input.status !== current.status && !formStatusEvent(current.status, input.status)) {
      return reject([`${HEADER_OF.status}: ${SUBSCRIBER_MSG.statusChangeRefused}`]);
    }
    return { line, email, name: input.fullName, action: 'update', id: current.id, input, changes };
  }

  return {
    /**
     * The filtered list as CSV (UTF-8 with BOM for spreadsheets), streamed: rows are read
     * EXPORT_BATCH at a time by rowid, so memory stays small and other requests are never blocked
     * by an open cursor. CPFs are masked unless `includeCpf`.
     */
    exportCsv(filter: SubscriberExportFilter, adminId: string): Readable {
      // An export of people's data: the activity log keeps who took it (ADR 029).
      activityLog.record({
        action: 'subscribers_exported',
        actor: { kind: 'admin', id: adminId },
        details: { status: filter.status, search: filter.search !== '', includeCpf: filter.includeCpf },
      });
      const where = subscriberFilterWhere(filter.status, filter.search);
      const rowid = sql<number>`${subscribers}.rowid`;
      function* rows(): Generator<string[]> {
        let after = 0;
        for (;;) {
          const batch = db
            .select({ ...getTableColumns(subscribers), rowid })
            .from(subscribers)
            .where(and(where, gt(rowid, after)))
            .orderBy(asc(rowid))
            .limit(EXPORT_BATCH)
            .all();
          for (const { rowid: id, ...row } of batch) {
            after = id;
            yield csvRow(toSubscriberRecord(row), filter.includeCpf);
          }
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      const csv = stringify({ bom: true, header: true, columns: HEADERS });
      const source = Readable.from(rows());
      source.on('error', (error) => csv.destroy(error));
      return source.pipe(csv);
    },

    /** Dry run (`apply` false) or import of a file: a report row by row, applied rows written. */
    import(csv: string, apply: boolean, adminId: string): SubscriberImportReport {
      const run = (): SubscriberImportReport => {
        const seen = new Map<string, number>();
        const planned = readFile(csv).map((row, index) => planRow(row, index + 2, seen));
        if (apply) {
          for (const row of planned) {
            if (row.action === 'create') subscriberAdmin.create(row.input, adminId);
            else if (row.action === 'update') subscriberAdmin.update(row.id, row.input, adminId);
          }
        }
        const totals = { create: 0, update: 0, unchanged: 0, reject: 0 };
        for (const row of planned) totals[row.action] += 1;
        return {
          success: true as const,
          applied: apply,
          totals,
          rows: planned.map((row) => ({
            line: row.line,
            email: row.email,
            name: row.name,
            action: row.action,
            errors: row.action === 'reject' ? row.errors : [],
            changes: row.action === 'update' ? row.changes : [],
          })),
        };
      };
      // All or nothing: a file half applied is worse than one to send again.
      return apply ? db.transaction(run) : run();
    },
  };
}

export type SubscriberCsv = ReturnType<typeof createSubscriberCsv>;
