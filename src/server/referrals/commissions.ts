/** Clicks, the tie between a new subscriber and the referrer, and the commission's life. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { saoPauloCalendarDay } from '../../shared/sao-paulo-time';
import { REFERRAL_COMMISSION_PERCENT } from '../../shared/plans';
import { referralClicks, referrals, subscribers, type Referral } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { ServiceDeps } from '../lib/deps';

export const REFERRAL_MSG = {
  notFound: 'Indicação não encontrada',
  onlyConfirmedPaid: 'Apenas comissões confirmadas podem ser pagas',
} as const;

export const commissionOf = (amount: number) => Math.round((amount * REFERRAL_COMMISSION_PERCENT) / 100);

/** The subscriber whose referral code this is. */
function ownerOf({ db }: Pick<ServiceDeps, 'db'>, code: string) {
  return db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.referralCode, code)).get();
}

/** Counts a click on `?ref=CODE`; true when it was the visitor's first of the day for that code. */
export function recordClick(deps: ServiceDeps, code: string, visitorKey: string): boolean {
  if (!ownerOf(deps, code)) return false;
  const now = deps.clock.now();
  const result = deps.db
    .insert(referralClicks)
    .values({ id: newId(), code, visitorKey, day: saoPauloCalendarDay(now), createdAt: now })
    .onConflictDoNothing()
    .run();
  return result.changes > 0;
}

/**
 * Ties a subscriber who has never paid to the owner of `code` and opens the pending commission.
 * Callers pass only a subscriber their checkout just created: a code must not claim someone
 * who was already on file. Ignored (logged) for an unknown code, a self-referral or a
 * subscriber already tied or paid.
 */
export function attach(
  deps: ServiceDeps,
  referred: { id: string; referredBy: string | null; paymentStatus: string },
  code: string,
  amount: number,
) {
  if (referred.referredBy || referred.paymentStatus === 'paid') return;
  const referrer = ownerOf(deps, code);
  if (!referrer || referrer.id === referred.id) {
    deps.log.info({ code }, 'referral code ignored');
    return;
  }
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
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
}

/**
 * Every confirmed payment asks for its commission: prepared once (ADR 043). Placeholders in a SET
 * are bound as given: times as milliseconds.
 */
export function prepareCommissionStatements(db: ServiceDeps['db']) {
  return {
    confirmPending: db
      .update(referrals)
      .set({
        status: 'confirmed',
        paymentId: sql`${sql.placeholder('paymentId')}`,
        commissionAmount: sql`${sql.placeholder('commissionAmount')}`,
        confirmedAt: sql`${sql.placeholder('at')}`,
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .where(and(eq(referrals.referredId, sql.placeholder('referredId')), eq(referrals.status, 'pending')))
      .prepare(),
  };
}

export type CommissionStatements = ReturnType<typeof prepareCommissionStatements>;

/** Confirms the pending commission of a referred subscriber (at most once). Runs inside the caller's transaction. */
export function confirmForPayment(
  { commissionStatements: { confirmPending } }: { commissionStatements: CommissionStatements },
  referredId: string,
  paymentId: string,
  amount: number,
  at: Date,
): boolean {
  const result = confirmPending.run({
    referredId,
    paymentId,
    commissionAmount: commissionOf(amount),
    at: at.getTime(),
  });
  return result.changes > 0;
}

/** The commission earned by a refunded payment is cancelled (unless already paid out). */
export function cancelForPayment({ db }: Pick<ServiceDeps, 'db'>, paymentId: string, at: Date) {
  db.update(referrals)
    .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
    .where(and(eq(referrals.paymentId, paymentId), inArray(referrals.status, ['pending', 'confirmed'])))
    .run();
}

/** Admin pays a confirmed commission out. */
export function markPaid({ db, clock }: ServiceDeps, id: string, adminId: string): Referral {
  const now = clock.now();
  const [row] = db
    .update(referrals)
    .set({ status: 'paid', paidAt: now, paidBy: adminId, updatedAt: now })
    .where(and(eq(referrals.id, id), eq(referrals.status, 'confirmed')))
    .returning()
    .all();
  if (row) return row;
  const exists = db.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, id)).get();
  throw exists
    ? new AppError('CONFLICT', REFERRAL_MSG.onlyConfirmedPaid)
    : new AppError('NOT_FOUND', REFERRAL_MSG.notFound);
}
