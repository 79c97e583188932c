/**
 * Referral programme (docs/product/decisions.md §3.6): clicks on a member's link (once per visitor per day), the
 * tie between a new subscriber and the referrer, and the referrer's 10% commission, confirmed
 * exactly once when the referred subscriber's payment is confirmed.
 */
import { saoPauloCalendarDay } from '../../shared/sao-paulo-time';
import { alias } from 'drizzle-orm/sqlite-core';
import { and, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminReferral, AdminReferralList, AdminReferralListInput } from '../../shared/member-schemas';
import { REFERRAL_COMMISSION_PERCENT, type ReferralStatus } from '../../shared/plans';
import { referralClicks, referrals, subscribers, users, type Referral } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { ServiceDeps } from './deps';

export const REFERRAL_MSG = {
  notFound: 'Indicação não encontrada',
  onlyConfirmedPaid: 'Apenas comissões confirmadas podem ser pagas',
} as const;

/** Referrals listed per page of the member's summary (a member may have brought hundreds). */
export const REFERRAL_SUMMARY_PAGE_SIZE = 100;

export const commissionOf = (amount: number) => Math.round((amount * REFERRAL_COMMISSION_PERCENT) / 100);

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

export function createReferralsService({ db, clock, env, log }: ServiceDeps) {
  // Every confirmed payment asks for its commission: prepared once (ADR 043). Placeholders in a
  // SET are bound as given: times as milliseconds.
  const confirmPending = db
    .update(referrals)
    .set({
      status: 'confirmed',
      paymentId: sql`${sql.placeholder('paymentId')}`,
      commissionAmount: sql`${sql.placeholder('commissionAmount')}`,
      confirmedAt: sql`${sql.placeholder('at')}`,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .where(and(eq(referrals.referredId, sql.placeholder('referredId')), eq(referrals.status, 'pending')))
    .prepare();
  // The member's page is a hot read even for a member with a thousand referrals: totals come from
  // one grouped count, and only one page of the list is joined to the referred names (plain
  // better-sqlite3 statements, dates formatted by SQLite as Date#toISOString writes them).
  const sqlite = db.$client;
  const summaryTotals = sqlite.prepare<
    { referrerId: string },
    { status: ReferralStatus; total: number; amount: number }
  >(
    `select status, count(*) as total, coalesce(sum(commission_amount), 0) as amount
     from referrals where referrer_id = :referrerId group by status`,
  );
  const summaryPage = sqlite.prepare<
    { referrerId: string; limit: number; offset: number },
    {
      id: string;
      status: ReferralStatus;
      commissionAmount: number;
      referralCode: string;
      createdAt: string;
      fullName: string;
      email: string;
    }
  >(
    `select r.id, r.status, r.commission_amount as commissionAmount, r.referral_code as referralCode,
       strftime('%Y-%m-%dT%H:%M:%fZ', r.created_at / 1000.0, 'unixepoch') as createdAt,
       s.name as fullName, s.email
     from (select * from referrals
           where referrer_id = :referrerId and status <> 'cancelled'
           order by created_at desc, id desc limit :limit offset :offset) r
     join subscribers s on s.id = r.referred_id
     order by r.created_at desc, r.id desc`,
  );
  const clicksOf = db
    .select({ total: count() })
    .from(referralClicks)
    .where(eq(referralClicks.code, sql.placeholder('code')))
    .prepare();

  return {
    /** Counts a click on `?ref=CODE`; true when it was the visitor's first of the day for that code. */
    recordClick(code: string, visitorKey: string): boolean {
      const owner = db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.referralCode, code))
        .get();
      if (!owner) return false;
      const now = clock.now();
      const result = db
        .insert(referralClicks)
        .values({ id: newId(), code, visitorKey, day: saoPauloCalendarDay(now), createdAt: now })
        .onConflictDoNothing()
        .run();
      return result.changes > 0;
    },

    /**
     * Ties a subscriber who has never paid to the owner of `code` and opens the pending commission.
     * Callers pass only a subscriber their checkout just created: a code must not claim someone
     * who was already on file. Ignored (logged) for an unknown code, a self-referral or a
     * subscriber already tied or paid.
     */
    attach(
      referred: { id: string; referredBy: string | null; paymentStatus: string },
      code: string,
      amount: number,
    ) {
      if (referred.referredBy || referred.paymentStatus === 'paid') return;
      const referrer = db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.referralCode, code))
        .get();
      if (!referrer || referrer.id === referred.id) {
        log.info({ code }, 'referral code ignored');
        return;
      }
      const now = clock.now();
      db.transaction((tx) => {
        tx.update(subscribers)
          .set({ referredBy: referrer.id, updatedAt: now })
          .where(eq(subscribers.id, referred.id))
          .run();
        tx.insert(referrals)
          .values({
            id: newId(),
            referrerId: referrer.id,
            referredId: referred.id,
            referralCode: code,
            commissionAmount: commissionOf(amount),
            status: 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .run();
      });
    },

    /** Confirms the pending commission of a referred subscriber (at most once). Runs inside the caller's transaction. */
    confirmForPayment(referredId: string, paymentId: string, amount: number, at: Date): boolean {
      const result = confirmPending.run({
        referredId,
        paymentId,
        commissionAmount: commissionOf(amount),
        at: at.getTime(),
      });
      return result.changes > 0;
    },

    /** The commission earned by a refunded payment is cancelled (unless already paid out). */
    cancelForPayment(paymentId: string, at: Date) {
      db.update(referrals)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(and(eq(referrals.paymentId, paymentId), inArray(referrals.status, ['pending', 'confirmed'])))
        .run();
    },

    /** Admin pays a confirmed commission out. */
    markPaid(id: string, adminId: string): Referral {
      const now = clock.now();
      const row = db
        .update(referrals)
        .set({ status: 'paid', paidAt: now, paidBy: adminId, updatedAt: now })
        .where(and(eq(referrals.id, id), eq(referrals.status, 'confirmed')))
        .returning()
        .get();
      if (row) return row;
      const exists = db.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, id)).get();
      throw exists
        ? new AppError('CONFLICT', REFERRAL_MSG.onlyConfirmedPaid)
        : new AppError('NOT_FOUND', REFERRAL_MSG.notFound);
    },

    /**
     * The member's referral page (docs/product/back-office-and-member-area.md §3 "Referral summary"). A hot read (a member with a
     * thousand referrals): one prepared statement, dates formatted by SQLite.
     */
    summary(subscriber: { id: string; referralCode: string }, page = 1): ReferralSummary {
      const totals = { pending: 0, confirmed: 0, paid: 0, cancelled: 0 };
      const amounts = { ...totals };
      for (const row of summaryTotals.all({ referrerId: subscriber.id })) {
        totals[row.status] = row.total;
        amounts[row.status] = row.amount;
      }
      const totalClicks = clicksOf.get({ code: subscriber.referralCode })?.total ?? 0;
      const converted = totals.confirmed + totals.paid;
      const active = totals.pending + totals.confirmed + totals.paid;
      const rows = summaryPage.all({
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
          createdAt: row.createdAt,
        })),
        pagination: {
          page,
          limit: REFERRAL_SUMMARY_PAGE_SIZE,
          total: active,
          pages: Math.ceil(active / REFERRAL_SUMMARY_PAGE_SIZE),
        },
      };
    },

    /**
     * The back office's list (GET /api/admin/referrals): filters by status and by a name, e-mail or
     * code of either side; totals per status (count and amount) over the whole programme.
     */
    adminList(input: AdminReferralListInput): AdminReferralList {
      const referrer = alias(subscribers, 'referrer');
      const referred = alias(subscribers, 'referred');
      const conditions: SQL[] = [];
      if (input.status !== 'all') conditions.push(eq(referrals.status, input.status));
      const term = input.search.trim().toLowerCase();
      if (term) {
        const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const total =
        db
          .select({ total: count() })
          .from(referrals)
          .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
          .innerJoin(referred, eq(referred.id, referrals.referredId))
          .where(where)
          .get()?.total ?? 0;
      const rows = db
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
        .offset((input.page - 1) * input.limit)
        .all();
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
      const iso = (date: Date | null) => (date ? date.toISOString() : null);
      return {
        success: true,
        referrals: rows.map((row): AdminReferral => ({
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
        })),
        totals,
        pagination: {
          page: input.page,
          limit: input.limit,
          total,
          pages: Math.ceil(total / input.limit),
        },
      };
    },

    /** Commission counts per status (admin dashboard and seed checks). */
    totals(): Record<ReferralStatus, number> {
      const rows = db
        .select({ status: referrals.status, total: sql<number>`count(*)` })
        .from(referrals)
        .groupBy(referrals.status)
        .all();
      const totals: Record<ReferralStatus, number> = { pending: 0, confirmed: 0, paid: 0, cancelled: 0 };
      for (const row of rows) totals[row.status] = row.total;
      return totals;
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
