/**
 * The export: the filtered list as CSV in the exports' dialect (`csv-export.ts`, ADR 035), with
 * the importable columns first, streamed in batches.
 */
import { and, asc, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
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
import { GENDER_LABELS, type SubscriberRecord } from '../../../shared/subscriber-schemas';
import { subscribers } from '../../db/schema';
import {
  csvAmount,
  csvCalendarDay,
  csvDate,
  csvDateTime,
  csvFile,
  csvIso,
  type CsvColumn,
} from '../../lib/csv/export';
import type { SubscriberCsvDeps } from './deps';
import { subscriberFilterWhere } from '../subscribers/admin/filters';
import { toSubscriberRecord } from '../subscribers/admin/records';

/** Rows read per query: small memory, and the connection is never held between chunks. */
export const EXPORT_BATCH = 500;

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
  { header: SUBSCRIBER_CSV_ISO_COLUMNS.start, value: ({ record }) => csvIso(record.subscriptionStartDate) },
  { header: SUBSCRIBER_CSV_ISO_COLUMNS.end, value: ({ record }) => csvIso(record.subscriptionEndDate) },
  { header: SUBSCRIBER_CSV_ISO_COLUMNS.created, value: ({ record }) => csvIso(record.createdAt) },
];

/**
 * The filter's rows, EXPORT_BATCH at a time by rowid: memory stays small and other requests are
 * never blocked by an open cursor.
 */
function* exportRows(
  { db }: SubscriberCsvDeps,
  where: SQL | undefined,
  includeCpf: boolean,
): Generator<ExportRow> {
  const rowid = sql<number>`${subscribers}.rowid`;
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
      yield { record: toSubscriberRecord(row), includeCpf };
    }
    if (batch.length < EXPORT_BATCH) return;
  }
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
  const where = subscriberFilterWhere(filter, deps.clock.now());
  return csvFile(exportRows(deps, where, filter.includeCpf), EXPORT_COLUMNS);
}
