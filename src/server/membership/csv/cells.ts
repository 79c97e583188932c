/** Reading one cell back into the admin form's values, in the spreadsheet's formats. */
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../shared/plans';
import { type CsvDialect, SUBSCRIBER_CSV_MSG, type SubscriberCsvField } from '../../../shared/subscriber-csv';
import {
  GENDER_LABELS,
  GENDERS,
  type SubscriberFormValues,
  type SubscriberRecord,
} from '../../../shared/subscriber-schemas';
import { csvDate } from '../../lib/csv/export';
import { centsOf, isoDayOf } from '../../lib/csv/read';
import { HEADER_OF } from './deps';
import { normalise } from './read-file';

type DateField = 'birthDate' | 'subscriptionStartDate' | 'subscriptionEndDate';

/** What a cell is read against: the stored record (an update) and the file's dialect. */
export interface CellContext {
  current: SubscriberRecord | undefined;
  dialect: CsvDialect;
}

/** The São Paulo day ("YYYY-MM-DD") of a stored instant: what the file's date cell says. */
const localDay = (iso: string | null) => (iso ? isoDayOf(csvDate(iso)) : undefined);

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

const problem = (field: SubscriberCsvField, message: string) => `${HEADER_OF[field]}: ${message}`;

/** A date cell: blank empties it; the stored instant is kept when the file says its same day. */
function readDate(values: SubscriberFormValues, key: DateField, cell: string, { current }: CellContext) {
  if (cell === '') {
    values[key] = null;
    return undefined;
  }
  const date = isoDayOf(cell);
  if (!date) return problem(key, SUBSCRIBER_CSV_MSG.dateInvalid);
  // The export writes the club's calendar date of an instant: the same date keeps the instant.
  const stored = current?.[key] ?? null;
  if (key !== 'birthDate' && stored && localDay(stored) === date) return undefined;
  values[key] = date;
  return undefined;
}

/** Writes one (non-blank, or blank for a new record) cell into `values`; returns the problem, if any. */
export function readCell(
  values: SubscriberFormValues,
  key: keyof SubscriberFormValues,
  cell: string,
  ctx: CellContext,
): string | undefined {
  switch (key) {
    case 'status': {
      if (cell === '') return undefined;
      const status = statusOf(cell);
      if (!status) return problem('status', SUBSCRIBER_CSV_MSG.statusInvalid);
      values.status = status;
      return undefined;
    }
    case 'subscriptionPrice': {
      if (cell === '') return undefined;
      const cents = centsOf(cell, ctx.dialect);
      if (cents === undefined) return problem('subscriptionPrice', SUBSCRIBER_CSV_MSG.priceInvalid);
      values.subscriptionPrice = cents;
      return undefined;
    }
    case 'gender':
      values.gender = cell ? (genderOf(cell) as SubscriberFormValues['gender']) : null;
      return undefined;
    case 'shirtSize':
      if (cell) values.shirtSize = cell.toUpperCase() as SubscriberFormValues['shirtSize'];
      return undefined;
    case 'cpf':
      // The export masks CPFs unless asked: a masked one says nothing new, so it is kept.
      if (!cell.includes('*')) values.cpf = cell;
      return undefined;
    case 'birthDate':
    case 'subscriptionStartDate':
    case 'subscriptionEndDate':
      return readDate(values, key, cell, ctx);
    default:
      (values as Record<string, unknown>)[key] = cell;
      return undefined;
  }
}
