/**
 * The member's referral page (docs/product/back-office-and-member-area.md §3 "Referral summary").
 * A hot read even for a member with a thousand referrals: totals come from one grouped count, and
 * only one page of the list is joined to the referred names. Drizzle queries, prepared once.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ReferralStatus } from '../../shared/plans';
import { referralClicks, referrals, subscribers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';

/** Referrals listed per page of the member's summary (a member may have brought hundreds). */
export const REFERRAL_SUMMARY_PAGE_SIZE = 100;

export interface ReferralSummary {
  totalReferrals: number;
  earnedAmount: number;
  pendingAmount: number;
  conversionRate: number;
  totalClicks: number;
  myReferralCode: string;
  myReferralLink: string;
  activeReferrals: {
    _id: string;
    id: string;
    referredSubscriber: { fullName: string; email: string };
    status: ReferralStatus;
    commissionAmount: number;
    referralCode: string;
    createdAt: string;
  }[];
  /** Over `activeReferrals` (the list is paged; the totals count every referral). */
  pagination: { page: number; limit: number; total: number; pages: number };
}

export function prepareSummaryStatements(db: ServiceDeps['db']) {
  const referrerId = sql.placeholder('referrerId');
  // The page is chosen first and only its rows are joined to the referred names.
  const page = db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), ne(referrals.status, 'cancelled')))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return {
    totals: db
      .select({
        status: referrals.status,
        total: count(),
        amount: sql<number>`coalesce(sum(${referrals.commissionAmount}), 0)`.mapWith(Number),
      })
      .from(referrals)
      .where(eq(referrals.referrerId, referrerId))
      .groupBy(referrals.status)
      .prepare(),
    page: db
      .select({
        id: page.id,
        status: page.status,
        commissionAmount: page.commissionAmount,
        referralCode: page.referralCode,
        createdAt: page.createdAt,
        fullName: subscribers.name,
        email: subscribers.email,
      })
      .from(page)
      .innerJoin(subscribers, eq(subscribers.id, page.referredId))
      .orderBy(desc(page.createdAt), desc(page.id))
      .prepare(),
    clicks: db
      .select({ total: count() })
      .from(referralClicks)
      .where(eq(referralClicks.code, sql.placeholder('code')))
      .prepare(),
  };
}

export type SummaryStatements = ReturnType<typeof prepareSummaryStatements>;

export function summary(
  { env, summaryStatements: statements }: Pick<ServiceDeps, 'env'> & { summaryStatements: SummaryStatements },
  subscriber: { id: string; referralCode: string },
  page = 1,
): ReferralSummary {
  const totals = { pending: 0, confirmed: 0, paid: 0, cancelled: 0 };
  const amounts = { ...totals };
  for (const row of statements.totals.all({ referrerId: subscriber.id })) {
    totals[row.status] = row.total;
    amounts[row.status] = row.amount;
  }
  const totalClicks = statements.clicks.get({ code: subscriber.referralCode })?.total ?? 0;
  const converted = totals.confirmed + totals.paid;
  const active = totals.pending + totals.confirmed + totals.paid;
  const rows = statements.page.all({
    referrerId: subscriber.id,
    limit: REFERRAL_SUMMARY_PAGE_SIZE,
    offset: (page - 1) * REFERRAL_SUMMARY_PAGE_SIZE,
  });
  return {
    totalReferrals: active + totals.cancelled,
    earnedAmount: amounts.confirmed + amounts.paid,
    pendingAmount: amounts.pending,
    conversionRate: totalClicks > 0 ? Math.round((converted / totalClicks) * 1000) / 10 : 0,
    totalClicks,
    myReferralCode: subscriber.referralCode,
    myReferralLink: `${env.publicUrl}/checkout?ref=${subscriber.referralCode}`,
    activeReferrals: rows.map((row) => ({
      _id: row.id,
      id: row.id,
      referredSubscriber: { fullName: row.fullName, email: row.email },
      status: row.status,
      commissionAmount: row.commissionAmount,
      referralCode: row.referralCode,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: {
      page,
      limit: REFERRAL_SUMMARY_PAGE_SIZE,
      total: active,
      pages: Math.ceil(active / REFERRAL_SUMMARY_PAGE_SIZE),
    },
  };
}
