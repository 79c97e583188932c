/**
 * The subscribers' CSV (ADR 015): a streamed export of the filtered list and a bounded import with
 * a dry run. The file's dialect is the exports' one (ADR 035: `;`, decimal comma, dd/mm/aaaa); the
 * import also reads the comma dialect and says which it found. Both use the columns of `shared/subscriber-csv.ts`; the import checks each row with
 * the admin form's schema (its messages) and writes through `subscriberAdmin`, so the status
 * machine and the history see imported rows like typed ones.
 */
import { and, asc, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { cpfDigits, maskCpf } from '../../shared/cpf';
import { formatCep, formatCpf, formatPhone } from '../../shared/fields/rules';
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../shared/plans';
import {
  CSV_DIALECT_MSG,
  type CsvDialect,
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
import {
  csvAmount,
  csvCalendarDay,
  csvDate,
  csvDateTime,
  csvFile,
  csvIso,
  type CsvColumn,
} from './csv-export';
import { centsOf, isoDayOf, readCsv, type CsvText } from './csv-read';
import type { ServiceDeps } from './deps';
import { subscriberFilterWhere, toSubscriberRecord, type SubscriberAdmin } from './subscriber-admin';
import { formStatusEvent } from '../../shared/subscriber-status-machine';

/** Rows read per query: small memory, and the connection is never held between chunks. */
export const EXPORT_BATCH = 500;
/** Price of a new subscriber when the file leaves it blank (docs/product/back-office-and-member-area.md §3 default). */
const DEFAULT_PRICE = 149700;

const HEADER_OF = Object.fromEntries(
  SUBSCRIBER_CSV_COLUMNS.map(([header, field]) => [field, header]),
) as Record<SubscriberCsvField, string>;

/**
 * Digits a spreadsheet would read as a number (and drop a leading zero of: CPF 012…, CEP 01310…)
 * go out with their usual punctuation, so they stay text; the import takes the digits back.
 */
const withPunctuation = { phone: formatPhone, cpf: formatCpf, cep: formatCep };

type ExportRow = { record: SubscriberRecord; includeCpf: boolean };

/** What each importable column holds, in the spreadsheet's formats. */
const CELL: Record<SubscriberCsvField, (row: ExportRow) => string> = {
  fullName: ({ record }) => record.fullName,
  email: ({ record }) => record.email,
  phone: ({ record }) => withPunctuation.phone(record.phone),
  cpf: ({ record, includeCpf }) =>
    record.cpf ? (includeCpf ? withPunctuation.cpf(cpfDigits(record.cpf)) : maskCpf(record.cpf)) : '',
  birthDate: ({ record }) => csvCalendarDay(record.birthDate),
  gender: ({ record }) => (record.gender ? GENDER_LABELS[record.gender] : ''),
  profession: ({ record }) => record.profession ?? '',
  shirtSize: ({ record }) => record.shirtSize,
  winePreference: ({ record }) => record.winePreference ?? '',
  address: ({ record }) => record.address ?? '',
  number: ({ record }) => record.number ?? '',
  complement: ({ record }) => record.complement ?? '',
  neighborhood: ({ record }) => record.neighborhood ?? '',
  city: ({ record }) => record.city ?? '',
  state: ({ record }) => record.state ?? '',
  zipCode: ({ record }) => (record.zipCode ? withPunctuation.cep(record.zipCode) : ''),
  status: ({ record }) => SUBSCRIBER_STATUS_LABELS[record.status],
  subscriptionPrice: ({ record }) => csvAmount(record.subscriptionPrice),
  subscriptionStartDate: ({ record }) => csvDate(record.subscriptionStartDate),
  subscriptionEndDate: ({ record }) => csvDate(record.subscriptionEndDate),
  adminNotes: ({ record }) => record.adminNotes ?? '',
  createdAt: ({ record }) => csvDateTime(record.createdAt),
};

/**
 * The export's columns: the importable ones, then the exact instants for a program (ignored by the
 * import, which reads the dates a person edits).
 */
const EXPORT_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  ...SUBSCRIBER_CSV_COLUMNS.map(([header, field]) => ({ header, value: CELL[field] })),
  { header: 'inicio_assinatura_iso', value: ({ record }) => csvIso(record.subscriptionStartDate) },
  { header: 'termino_assinatura_iso', value: ({ record }) => csvIso(record.subscriptionEndDate) },
  { header: 'criado_em_iso', value: ({ record }) => csvIso(record.createdAt) },
];

/** The São Paulo day ("YYYY-MM-DD") of a stored instant: what the file's date cell says. */
const localDay = (iso: string | null) => (iso ? isoDayOf(csvDate(iso)) : undefined);

/** The export's formula guard (a leading apostrophe) comes off on the way back in. */
const unsafeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

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
function readFile(csv: string): { dialect: CsvDialect; rows: Record<string, string>[] } {
  let text: CsvText;
  try {
    text = readCsv(csv);
  } catch {
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.unreadable);
  }
  const [header, ...rows] = text.records;
  if (!header || rows.length === 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.empty);
  if (rows.length > SUBSCRIBER_IMPORT_MAX_ROWS)
    throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.tooManyRows);
  const fieldOf = new Map(SUBSCRIBER_CSV_COLUMNS.map(([name, field]) => [normalise(name), field as string]));
  const fields = header.map((name) => fieldOf.get(normalise(name)));
  const missing = (['fullName', 'email', 'phone'] as const)
    .filter((field) => !fields.includes(field))
    .map((field) => HEADER_OF[field]);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', SUBSCRIBER_CSV_MSG.missingColumns(missing));
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

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function createSubscriberCsv({
  db,
  clock,
  subscriberAdmin,
  activityLog,
}: ServiceDeps & { subscriberAdmin: SubscriberAdmin; activityLog: Pick<ActivityLog, 'record'> }) {
  const findByEmail = (email: string) =>
    db
      .select()
      .from(subscribers)
      .where(sql`${subscribers.email} = ${email}`)
      .get();

  /** One row of the file → what would happen to it. */
  function planRow(
    row: Record<string, string>,
    { line, seen, dialect }: { line: number; seen: Map<string, number>; dialect: CsvDialect },
  ): Planned {
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
          const cents = centsOf(cell, dialect);
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
          const date = isoDayOf(cell);
          if (!date) {
            problems.push(`${HEADER_OF[key]}: ${SUBSCRIBER_CSV_MSG.dateInvalid}`);
            break;
          }
          // The export writes the club's calendar date of an instant: the same date keeps the instant.
          const stored = current?.[key] ?? null;
          if (key !== 'birthDate' && stored && localDay(stored) === date) break;
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
     * The filtered list as CSV in the exports' dialect (`csv-export.ts`), streamed: rows are read
     * EXPORT_BATCH at a time by rowid, so memory stays small and other requests are never blocked
     * by an open cursor. CPFs are masked unless `includeCpf`.
     */
    exportCsv(filter: SubscriberExportFilter, adminId: string): Readable {
      // An export of people's data: the activity log keeps who took it (ADR 029).
      activityLog.record({
        action: 'subscribers_exported',
        actor: { kind: 'admin', id: adminId },
        details: {
          status: filter.status,
          search: filter.search !== '',
          endingWithinDays: filter.endingWithinDays ?? null,
          includeCpf: filter.includeCpf,
        },
      });
      const where = subscriberFilterWhere(filter, clock.now());
      const rowid = sql<number>`${subscribers}.rowid`;
      function* rows(): Generator<ExportRow> {
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
            yield { record: toSubscriberRecord(row), includeCpf: filter.includeCpf };
          }
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return csvFile(rows(), EXPORT_COLUMNS);
    },

    /** Dry run (`apply` false) or import of a file: a report row by row, applied rows written. */
    import(csv: string, apply: boolean, adminId: string): SubscriberImportReport {
      const run = (): SubscriberImportReport => {
        const seen = new Map<string, number>();
        const file = readFile(csv);
        const planned = file.rows.map((row, index) =>
          planRow(row, { line: index + 2, seen, dialect: file.dialect }),
        );
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
          dialect: file.dialect,
          dialectMessage: CSV_DIALECT_MSG[file.dialect],
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
