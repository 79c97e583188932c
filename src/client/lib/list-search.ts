/**
 * The back office's lists keep their filters, search, sort and page in the address (ADR 034), under
 * the names of the REST query (`status`, `search`, `method`, `sortBy`, `sortOrder`, `page`…), so a
 * reload, the back button and a shared link show the same list. Each route's `validateSearch` reads
 * them with these plain functions (no zod: the routes are in the entry chunk); a value that is not
 * one the list accepts is dropped, which shows the default, never an error page. Defaults are
 * absent from the address (`status=all`, `page=1` are never written).
 */
import type { DriveListInput } from '../../shared/drive-schemas';
import { DRIVE_TYPES, type DriveFileType } from '../../shared/drive-types';
import type { AdminReferralListInput } from '../../shared/member-schemas';
import { CHANNELS, OUTBOX_STATUSES, type Channel, type OutboxStatus } from '../../shared/notifications';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFERRAL_STATUSES,
  RENEWAL_FILTERS,
  SUBSCRIBER_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  type RenewalFilter,
  type SubscriberStatus,
} from '../../shared/plans';
import {
  PAYMENT_EXCEPTIONS,
  PAYMENT_SORTS,
  SUBSCRIBER_SORTS,
  type PaymentException,
  type PaymentSort,
  type SubscriberSort,
} from '../../shared/list-choices';
import { searchInt, searchOneOf, searchPage, searchText } from './search-params';

export type SortOrder = 'asc' | 'desc';
const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];
const SEARCH_MAX = 120;

/** The list's search text from the address (empty is absent). */
const searchOf = (value: unknown) => searchText(value, SEARCH_MAX) || undefined;

/** The dashboard shortcuts' windows (renewals ending, failed payments created): 1 to 366 days. */
export const DAYS_WINDOW_MAX = 366;

/** What every sorted list keeps in the address besides its filters. */
interface SortedPage<Sort> {
  sortBy?: Sort;
  sortOrder?: SortOrder;
  page?: number;
}

/** The sort, order and page of a sorted list from the address. */
const sortedPage = <Sort extends string>(search: Record<string, unknown>, sorts: readonly Sort[]) => ({
  sortBy: searchOneOf(search.sortBy, sorts),
  sortOrder: searchOneOf(search.sortOrder, SORT_ORDERS),
  page: searchPage(search.page),
});

export interface SubscriberSearch extends SortedPage<SubscriberSort> {
  status?: SubscriberStatus;
  search?: string;
  endingWithinDays?: number;
  /** Members whose period ended in the last N days (to win them back). */
  expiredWithinDays?: number;
  /** How they renew: automatic renewal on, off, or declined and in retry (ADR 052). */
  renewal?: RenewalFilter;
  /** The record open in the detail modal (the dashboard's names lead here). */
  view?: string;
}

export function subscriberSearch(search: Record<string, unknown>): SubscriberSearch {
  return {
    status: searchOneOf(search.status, SUBSCRIBER_STATUSES),
    search: searchOf(search.search),
    ...sortedPage(search, SUBSCRIBER_SORTS),
    endingWithinDays: searchInt(search.endingWithinDays, 1, DAYS_WINDOW_MAX),
    expiredWithinDays: searchInt(search.expiredWithinDays, 1, DAYS_WINDOW_MAX),
    renewal: searchOneOf(search.renewal, RENEWAL_FILTERS),
    view: searchText(search.view, 64) || undefined,
  };
}

export interface PaymentSearch extends SortedPage<PaymentSort> {
  status?: PaymentStatus;
  method?: PaymentMethod;
  search?: string;
  createdWithinDays?: number;
  exception?: PaymentException;
}

export function paymentSearch(search: Record<string, unknown>): PaymentSearch {
  return {
    status: searchOneOf(search.status, PAYMENT_STATUSES),
    method: searchOneOf(search.method, PAYMENT_METHODS),
    search: searchOf(search.search),
    createdWithinDays: searchInt(search.createdWithinDays, 1, DAYS_WINDOW_MAX),
    exception: searchOneOf(search.exception, PAYMENT_EXCEPTIONS),
    ...sortedPage(search, PAYMENT_SORTS),
  };
}

export interface ReferralSearch {
  status?: Exclude<AdminReferralListInput['status'], 'all'>;
  search?: string;
  page?: number;
}

export function referralSearch(search: Record<string, unknown>): ReferralSearch {
  return {
    status: searchOneOf(search.status, REFERRAL_STATUSES),
    search: searchOf(search.search),
    page: searchPage(search.page),
  };
}

const VISIBILITIES = ['true', 'false'] as const satisfies readonly DriveListInput['isPublic'][];

export interface DriveSearch {
  type?: DriveFileType;
  search?: string;
  isPublic?: (typeof VISIBILITIES)[number];
  page?: number;
}

export function driveSearch(search: Record<string, unknown>): DriveSearch {
  return {
    type: searchOneOf(search.type, DRIVE_TYPES),
    search: searchOf(search.search),
    // TanStack Router JSON-parses `?isPublic=true` into a boolean.
    isPublic: searchOneOf(
      typeof search.isPublic === 'boolean' ? String(search.isPublic) : search.isPublic,
      VISIBILITIES,
    ),
    page: searchPage(search.page),
  };
}

export interface OutboxSearch {
  status?: OutboxStatus;
  channel?: Channel;
  page?: number;
}

export function outboxSearch(search: Record<string, unknown>): OutboxSearch {
  return {
    status: searchOneOf(search.status, OUTBOX_STATUSES),
    channel: searchOneOf(search.channel, CHANNELS),
    page: searchPage(search.page),
  };
}

/**
 * The next address of a list: `change` applied over `current`, back to the first page unless the
 * change is the page itself, with absent values left out.
 */
export function nextListSearch<S extends { page?: number }>(current: S, change: Partial<S>): S {
  const next: Record<string, unknown> = { ...current, page: undefined, ...change };
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
  return next as S;
}
