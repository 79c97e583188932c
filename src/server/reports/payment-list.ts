/** The back office's payments list (filters, search, sort, pages) and its CSV export. */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm';
import type { PaymentExportInput, PaymentListInput } from '../../shared/admin-schemas';
import type { PaymentException } from '../../shared/list-choices';
import { payments, subscribers } from '../db/schema';
import { csvStream } from '../lib/csv/export';
import type { ServiceDeps } from '../lib/deps';
import { planSearch, searchCondition, type SearchPlan } from '../membership/subscribers/search';
import {
  ADMIN_PAYMENT_FIELDS,
  PAYMENT_EXPORT_COLUMNS,
  PAYMENT_EXPORT_FIELDS,
  PAYMENT_SORT_COLUMNS,
  toAdminPayment,
} from './payment-rows';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { pageOffset, paginationOf } from '../lib/paging';

/** Payments with their payer's name and e-mail. */
export const paymentRows = ({ db }: Pick<ServiceDeps, 'db'>) =>
  db
    .select({ payment: ADMIN_PAYMENT_FIELDS, fullName: subscribers.name, email: subscribers.email })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId));

/** Payments created within the last `days` (the dashboard's failed tile and its shortcut). */
export const createdWithinWhere = (days: number | undefined, now: Date) =>
  days === undefined ? undefined : gte(payments.createdAt, new Date(now.getTime() - days * DAY_MS));

/**
 * The payments that need the owner. Each is served by an index of its own (partial: most payments
 * have no extra charge, no lost answer and no chargeback). A chargeback is a refunded payment with
 * `chargedback_at` set (ADR 030, "Refunds and disputes").
 */
export function exceptionWhere(exception: PaymentException | undefined): SQL | undefined {
  switch (exception) {
    case undefined:
      return undefined;
    case 'duplicate':
      // One the owner kept is decided: it needs nothing more (a refunded one still shows as done).
      return and(eq(payments.extraCharge, 'duplicate'), isNull(payments.extraChargeKeptAt));
    case 'verifying':
      return and(eq(payments.status, 'pending'), isNotNull(payments.verifyingSince));
    case 'chargeback':
      return isNotNull(payments.chargedbackAt);
  }
}

const filterWhere = (input: PaymentExportInput, now: Date) =>
  and(
    input.status === 'all' ? undefined : eq(payments.status, input.status),
    input.method === 'all' ? undefined : eq(payments.method, input.method),
    createdWithinWhere(input.createdWithinDays, now),
    exceptionWhere(input.exception),
  );

// Ids are pasted whole: an exact match reads one index entry, a fragment every row.
const exactId = (term: string) => or(eq(payments.transactionId, term), eq(payments.id, term));

const searchWhere = (input: PaymentExportInput, plan: Pick<SearchPlan, 'where' | 'indexed'>) => {
  if (!plan.where) return undefined;
  const id = exactId(input.search.trim());
  // No payer matches (a pasted id, typically): the id's own indexes answer, nothing is walked.
  return plan.indexed?.matches === 0 ? id : or(plan.where, id);
};

export const countPayments = ({ db }: Pick<ServiceDeps, 'db'>, where: SQL | undefined) =>
  db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0;

/** `{ payments, pagination }` (docs/product/back-office-and-member-area.md §3). */
export function listPayments(deps: ServiceDeps, input: PaymentListInput) {
  const offset = pageOffset(input);
  const search = planSearch(deps.db, 'payments', input.search, { offset, limit: input.limit });
  const filters = filterWhere(input, deps.clock.now());
  const where = and(filters, searchWhere(input, search));
  // A search is counted by the index (or from its match list when filtered), plus a pasted id
  // the index does not match (an id's digits may match someone's phone).
  const { indexed } = search;
  const total = !indexed
    ? countPayments(deps, where)
    : (filters ? countPayments(deps, and(filters, indexed.inMatches)) : indexed.matches) +
      countPayments(deps, and(filters, exactId(input.search.trim()), not(indexed.matchesRow)));
  const column = PAYMENT_SORT_COLUMNS[input.sortBy];
  const rows = paymentRows(deps)
    .where(where)
    .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(payments.createdAt))
    .limit(input.limit)
    .offset(offset)
    .all();
  return {
    success: true as const,
    payments: rows.map(toAdminPayment),
    pagination: paginationOf(input, total),
  };
}

/**
 * Every payment the list's filters select, in the list's order, as a CSV stream
 * (GET /api/admin/payments/export.csv). Card brand and last four digits only, as on screen.
 */
export function exportPayments({ db, clock }: ServiceDeps, input: PaymentExportInput) {
  const column = PAYMENT_SORT_COLUMNS[input.sortBy];
  const where = and(
    filterWhere(input, clock.now()),
    searchWhere(input, { where: searchCondition('payments', input.search) }),
  );
  const query = db
    .select(PAYMENT_EXPORT_FIELDS)
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(where)
    .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(payments.createdAt));
  return csvStream(db, { query, fields: PAYMENT_EXPORT_FIELDS }, PAYMENT_EXPORT_COLUMNS);
}
