/**
 * The export: the filtered list as CSV in the exports' dialect (`lib/csv/export.ts`, ADR 035), with
 * the importable columns first, streamed from a read-only connection of its own (`csvStream`): one
 * consistent snapshot of the list, and the app's connection goes on writing while it downloads.
 */
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { cpfDigits, maskCpf } from '../../../shared/cpf';
import { formatCep, formatCpf, formatPhone } from '../../../shared/fields/rules';
import { SUBSCRIBER_STATUS_LABELS } from '../../../shared/plans';
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_CSV_ISO_COLUMNS,
  type SubscriberCsvField,
  type SubscriberExportFilter,
} from '../../../shared/subscriber-csv';
import { GENDER_LABELS } from '../../../shared/subscriber-schemas';
import { subscriberAddressColumns, subscribers, type Subscriber } from '../../db/schema';
import {
  csvAmount,
  csvCalendarDay,
  csvDate,
  csvDateTime,
  csvIso,
  csvStream,
  type CsvColumn,
} from '../../lib/csv/export';
import type { SubscriberCsvDeps } from './deps';
import { subscriberFilterWhere } from '../subscribers/admin/filters';

/**
 * Digits a spreadsheet would read as a number (and drop a leading zero of: CPF 012…, CEP 01310…)
 * go out with their usual punctuation, so they stay text; the import takes the digits back.
 */
const withPunctuation = { phone: formatPhone, cpf: formatCpf, cep: formatCep };

/** What the export reads, raw as SQLite keeps it (instants in ms since the epoch). */
const EXPORT_FIELDS = {
  name: subscribers.name,
  email: subscribers.email,
  phone: subscribers.phone,
  cpf: subscribers.cpf,
  birthDate: subscribers.birthDate,
  gender: subscribers.gender,
  profession: subscribers.profession,
  shirtSize: subscribers.shirtSize,
  winePreference: subscribers.winePreference,
  ...subscriberAddressColumns,
  status: subscribers.status,
  subscriptionPrice: subscribers.subscriptionPrice,
  subscriptionStartDate: sql<number | null>`${subscribers.subscriptionStartDate}`,
  subscriptionEndDate: sql<number | null>`${subscribers.subscriptionEndDate}`,
  adminNotes: subscribers.adminNotes,
  createdAt: sql<number>`${subscribers.createdAt}`,
};
type Instants = 'subscriptionStartDate' | 'subscriptionEndDate' | 'createdAt';
type ExportRow = Pick<Subscriber, Exclude<keyof typeof EXPORT_FIELDS, Instants>> & {
  subscriptionStartDate: number | null;
  subscriptionEndDate: number | null;
  createdAt: number;
};

/** What each importable column holds, in the spreadsheet's formats. */
const cellsOf = (includeCpf: boolean): Record<SubscriberCsvField, (row: ExportRow) => string> => ({
  fullName: (row) => row.name,
  email: (row) => row.email,
  phone: (row) => withPunctuation.phone(row.phone),
  cpf: (row) => (row.cpf ? (includeCpf ? withPunctuation.cpf(cpfDigits(row.cpf)) : maskCpf(row.cpf)) : ''),
  birthDate: (row) => csvCalendarDay(row.birthDate),
  gender: (row) => (row.gender ? GENDER_LABELS[row.gender] : ''),
  profession: (row) => row.profession ?? '',
  shirtSize: (row) => row.shirtSize,
  winePreference: (row) => row.winePreference ?? '',
  address: (row) => row.street ?? '',
  number: (row) => row.number ?? '',
  complement: (row) => row.complement ?? '',
  neighborhood: (row) => row.neighborhood ?? '',
  city: (row) => row.city ?? '',
  state: (row) => row.state ?? '',
  zipCode: (row) => (row.zipCode ? withPunctuation.cep(row.zipCode) : ''),
  status: (row) => SUBSCRIBER_STATUS_LABELS[row.status],
  subscriptionPrice: (row) => csvAmount(row.subscriptionPrice),
  subscriptionStartDate: (row) => csvDate(row.subscriptionStartDate),
  subscriptionEndDate: (row) => csvDate(row.subscriptionEndDate),
  adminNotes: (row) => row.adminNotes ?? '',
  createdAt: (row) => csvDateTime(row.createdAt),
});

/**
 * The export's columns: the importable ones, then the exact instants for a program (ignored by the
 * import, which reads the dates a person edits).
 */
function exportColumns(includeCpf: boolean): readonly CsvColumn<ExportRow>[] {
  const cell = cellsOf(includeCpf);
  return [
    ...SUBSCRIBER_CSV_COLUMNS.map(([header, field]) => ({ header, value: cell[field] })),
    { header: SUBSCRIBER_CSV_ISO_COLUMNS.start, value: (row) => csvIso(row.subscriptionStartDate) },
    { header: SUBSCRIBER_CSV_ISO_COLUMNS.end, value: (row) => csvIso(row.subscriptionEndDate) },
    { header: SUBSCRIBER_CSV_ISO_COLUMNS.created, value: (row) => csvIso(row.createdAt) },
  ];
}

/** The filtered list as CSV, streamed. CPFs are masked unless `includeCpf`. */
export function exportCsv(
  deps: SubscriberCsvDeps,
  filter: SubscriberExportFilter,
  adminId: string,
): Readable {
  // An export of people's data: the activity log keeps who took it (ADR 029).
  deps.activityLog.record({
    action: 'subscribers_exported',
    actor: { kind: 'admin', id: adminId },
    details: {
      status: filter.status,
      search: filter.search !== '',
      endingWithinDays: filter.endingWithinDays ?? null,
      expiredWithinDays: filter.expiredWithinDays ?? null,
      renewal: filter.renewal ?? null,
      includeCpf: filter.includeCpf,
    },
  });
  // The filter's instant is the request's, not the first read's (the stream starts later).
  const query = deps.db
    .select(EXPORT_FIELDS)
    .from(subscribers)
    .where(subscriberFilterWhere(filter, deps.clock.now()))
    .orderBy(sql`${subscribers}.rowid`);
  return csvStream(deps.db, { query, fields: EXPORT_FIELDS }, exportColumns(filter.includeCpf));
}
