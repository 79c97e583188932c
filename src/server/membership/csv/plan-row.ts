/** One row of the file → what would happen to it: create, update (with what changes), nothing, or refused. */
import { sql } from 'drizzle-orm';
import { normalizedEmail } from '../../../shared/email-address';
import { type CsvDialect, SUBSCRIBER_CSV_MSG, type SubscriberCsvField } from '../../../shared/subscriber-csv';
import {
  SUBSCRIBER_MSG,
  subscriberFields,
  subscriberInput,
  type SubscriberFormValues,
  type SubscriberInput,
  type SubscriberRecord,
} from '../../../shared/subscriber-schemas';
import { formStatusEvent } from '../../../shared/subscriber-status-machine';
import { subscribers } from '../../db/schema';
import { readCell } from './cells';
import { HEADER_OF, type SubscriberCsvDeps } from './deps';
import { toSubscriberRecord } from '../subscribers/admin/records';

export type Planned =
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

/** Where a row sits in the file: its line, the e-mails seen on earlier lines, the file's dialect. */
export interface RowPlace {
  line: number;
  seen: Map<string, number>;
  dialect: CsvDialect;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The form's fields, named alike in a stored record (the form's schema is their one list). */
const FORM_FIELDS = Object.keys(subscriberFields.shape) as (keyof SubscriberFormValues)[];

/** The form's values of a stored subscriber (what an update starts from). */
function formValuesOf(record: SubscriberRecord): SubscriberFormValues {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, record[field]])) as SubscriberFormValues;
}

function recordByEmail({ db }: SubscriberCsvDeps, email: string): SubscriberRecord | undefined {
  const row = db
    .select()
    .from(subscribers)
    .where(sql`${subscribers.email} = ${email}`)
    .get();
  return row ? toSubscriberRecord(row) : undefined;
}

/** The row's cells over the stored values (or a new record's); returns the problems found. */
function readRow(
  values: SubscriberFormValues,
  row: Record<string, string>,
  current: SubscriberRecord | undefined,
  dialect: CsvDialect,
): string[] {
  const problems: string[] = [];
  for (const [field, raw] of Object.entries(row)) {
    const cell = raw.trim();
    // A blank cell keeps what is stored (an update never wipes a field by omission).
    if (cell === '' && current) continue;
    const found = readCell(values, field as keyof SubscriberFormValues, cell, { current, dialect });
    if (found) problems.push(found);
  }
  return problems;
}

/** The form's schema's messages, each under its column's header. */
function schemaProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? '') as SubscriberCsvField;
    return HEADER_OF[field] ? `${HEADER_OF[field]}: ${issue.message}` : issue.message;
  });
}

/** A valid row of a stored subscriber: an update of the fields that differ, or nothing. */
function planUpdate(
  { line, email, name }: { line: number; email: string; name: string },
  input: SubscriberInput,
  current: SubscriberRecord,
): Planned {
  const before = subscriberInput.parse(formValuesOf(current));
  const changes = (Object.keys(input) as (keyof SubscriberInput)[])
    .filter((key) => !sameValue(input[key], before[key]))
    .map((key) => HEADER_OF[key as SubscriberCsvField] ?? key);
  if (changes.length === 0) return { line, email, name: input.fullName, action: 'unchanged' };
  // A status typed in a file moves only as the form may move it (turn off / back on).
  if (input.status !== current.status && !formStatusEvent(current.status, input.status)) {
    // Refused like any row: under the name the file gave.
    const errors = [`${HEADER_OF.status}: ${SUBSCRIBER_MSG.statusChangeRefused}`];
    return { line, email, name, action: 'reject', errors };
  }
  return { line, email, name: input.fullName, action: 'update', id: current.id, input, changes };
}

/** One row of the file → what would happen to it. */
export function planRow(deps: SubscriberCsvDeps, row: Record<string, string>, place: RowPlace): Planned {
  const { line, seen, dialect } = place;
  const email = normalizedEmail(row.email ?? '');
  const name = (row.fullName ?? '').trim();
  const reject = (errors: string[]): Planned => ({ line, email, name, action: 'reject', errors });
  const firstLine = email ? seen.get(email) : undefined;
  if (firstLine !== undefined) return reject([SUBSCRIBER_CSV_MSG.duplicateEmail(firstLine)]);
  if (email) seen.set(email, line);

  const current = email ? recordByEmail(deps, email) : undefined;
  const values: SubscriberFormValues = current
    ? formValuesOf(current)
    : // A new record whose price cell is blank pays the annual price set in Configurações.
      {
        fullName: '',
        email: '',
        phone: '',
        status: 'pending_payment',
        subscriptionPrice: deps.settings.get().priceAnnual,
      };
  const problems = readRow(values, row, current, dialect);
  const parsed = subscriberInput.safeParse(values);
  if (!parsed.success) problems.push(...schemaProblems(parsed.error.issues));
  if (problems.length > 0 || !parsed.success) return reject([...new Set(problems)]);
  const input = parsed.data;
  if (!current) return { line, email: input.email, name: input.fullName, action: 'create', input };
  return planUpdate({ line, email, name }, input, current);
}
