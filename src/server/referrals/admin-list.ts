/** The back office's view of the programme: the filtered list and the totals per status. */
import { and, count, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { AdminReferral, AdminReferralList, AdminReferralListInput } from '../../shared/member-schemas';
import type { ReferralStatus } from '../../shared/plans';
import { referrals, subscribers, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { likeTerm } from '../lib/like-term';
import { pageOffset, paginationOf } from '../lib/paging';
import { iso } from '../lib/output';

const referrer = alias(subscribers, 'referrer');
const referred = alias(subscribers, 'referred');

/** By status, and by a name, e-mail or code of either side. */
function adminListWhere(input: AdminReferralListInput): SQL | undefined {
  const conditions: SQL[] = [];
  if (input.status !== 'all') conditions.push(eq(referrals.status, input.status));
  const term = input.search.trim().toLowerCase();
  if (term) {
    const pattern = likeTerm(term);
    const like = (column: AnyColumn) => sql`lower(${column}) like ${pattern} escape '\\'`;
    conditions.push(
      or(
        like(referrer.name),
        like(referrer.email),
        like(referred.name),
        like(referred.email),
        like(referrals.referralCode),
      ) as SQL,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Count and amount per status over the whole programme. */
function programmeTotals({ db }: Pick<ServiceDeps, 'db'>): AdminReferralList['totals'] {
  const sums = db
    .select({
      status: referrals.status,
      count: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${referrals.commissionAmount}), 0)`,
    })
    .from(referrals)
    .groupBy(referrals.status)
    .all();
  const totals = {
    pending: { count: 0, amount: 0 },
    confirmed: { count: 0, amount: 0 },
    paid: { count: 0, amount: 0 },
    cancelled: { count: 0, amount: 0 },
  };
  for (const row of sums) totals[row.status] = { count: row.count, amount: row.amount };
  return totals;
}

/** One page of the filtered list, newest first, with both sides' names and who paid it out. */
function adminListPage(
  { db }: Pick<ServiceDeps, 'db'>,
  where: SQL | undefined,
  input: AdminReferralListInput,
) {
  return db
    .select({
      referral: referrals,
      referrerId: referrer.id,
      referrerName: referrer.name,
      referrerEmail: referrer.email,
      referredId: referred.id,
      referredName: referred.name,
      referredEmail: referred.email,
      paidByName: users.name,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .leftJoin(users, eq(users.id, referrals.paidBy))
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(input.limit)
    .offset(pageOffset(input))
    .all();
}

function toAdminReferral(row: ReturnType<typeof adminListPage>[number]): AdminReferral {
  return {
    id: row.referral.id,
    _id: row.referral.id,
    referrer: { id: row.referrerId, fullName: row.referrerName, email: row.referrerEmail },
    referredSubscriber: { id: row.referredId, fullName: row.referredName, email: row.referredEmail },
    referralCode: row.referral.referralCode,
    status: row.referral.status,
    commissionAmount: row.referral.commissionAmount,
    paymentId: row.referral.paymentId,
    createdAt: row.referral.createdAt.toISOString(),
    confirmedAt: iso(row.referral.confirmedAt),
    paidAt: iso(row.referral.paidAt),
    paidBy: row.referral.paidBy ? { id: row.referral.paidBy, name: row.paidByName ?? '' } : null,
    cancelledAt: iso(row.referral.cancelledAt),
  };
}

/**
 * The back office's list (GET /api/admin/referrals): filters by status and by a name, e-mail or
 * code of either side; totals per status (count and amount) over the whole programme.
 */
export function adminList(deps: Pick<ServiceDeps, 'db'>, input: AdminReferralListInput): AdminReferralList {
  const where = adminListWhere(input);
  const total =
    deps.db
      .select({ total: count() })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .where(where)
      .get()?.total ?? 0;
  const rows = adminListPage(deps, where, input);
  const totals = programmeTotals(deps);
  return {
    success: true,
    referrals: rows.map(toAdminReferral),
    totals,
    pagination: paginationOf(input, total, 0),
  };
}

/** Commission counts per status (admin dashboard and seed checks). */
export function statusCounts({ db }: Pick<ServiceDeps, 'db'>): Record<ReferralStatus, number> {
  const rows = db
    .select({ status: referrals.status, total: sql<number>`count(*)` })
    .from(referrals)
    .groupBy(referrals.status)
    .all();
  const totals: Record<ReferralStatus, number> = { pending: 0, confirmed: 0, paid: 0, cancelled: 0 };
  for (const row of rows) totals[row.status] = row.total;
  return totals;
}
