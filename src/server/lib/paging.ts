/**
 * The tail every paged list shares: which rows a page skips, and the `pagination` block of the
 * answer (`{ page, limit, total, pages }`, docs/product/back-office-and-member-area.md).
 */

/** A page asked for: 1-based `page` of `limit` rows. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The rows before the page (the query's `offset`). */
export function pageOffset({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

/**
 * The answer's `pagination`. An empty list has one (empty) page; `minPages: 0` keeps the answer of
 * the lists that have always said 0 pages for no rows (the referrals, the accounts and the outbox).
 */
export function paginationOf({ page, limit }: PageRequest, total: number, minPages: 0 | 1 = 1) {
  return { page, limit, total, pages: Math.max(minPages, Math.ceil(total / limit)) };
}
