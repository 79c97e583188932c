/** A period's renewal attempts with where each stands (its payment's status). */
import { and, desc, eq } from 'drizzle-orm';
import { payments, renewalAttempts } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';

export type AttemptState = 'pending' | 'verifying' | 'paid' | 'failed';

export interface PeriodAttempt {
  id: string;
  attempt: number;
  periodEnd: Date;
  paymentId: string;
  outcomeNoticedAt: Date | null;
  createdAt: Date;
  amount: number;
  failureReason: string | null;
  state: AttemptState;
}

const columns = {
  id: renewalAttempts.id,
  attempt: renewalAttempts.attempt,
  periodEnd: renewalAttempts.periodEnd,
  paymentId: renewalAttempts.paymentId,
  outcomeNoticedAt: renewalAttempts.outcomeNoticedAt,
  createdAt: renewalAttempts.createdAt,
  amount: payments.amount,
  failureReason: payments.failureReason,
  status: payments.status,
  verifyingSince: payments.verifyingSince,
};

type Row = { status: string; verifyingSince: Date | null } & Omit<PeriodAttempt, 'state'>;

/** Paid (refunded later included: the period was bought), waiting, in verification, or refused. */
function stateOf({ status, verifyingSince, ...rest }: Row): PeriodAttempt {
  const state: AttemptState =
    status === 'paid' || status === 'refunded'
      ? 'paid'
      : status === 'pending'
        ? verifyingSince
          ? 'verifying'
          : 'pending'
        : 'failed';
  return { ...rest, state };
}

/** The attempts for one period, newest first. */
export function periodAttempts(
  db: ServiceDeps['db'],
  subscriberId: string,
  periodEnd: Date,
): PeriodAttempt[] {
  return db
    .select(columns)
    .from(renewalAttempts)
    .innerJoin(payments, eq(payments.id, renewalAttempts.paymentId))
    .where(and(eq(renewalAttempts.subscriberId, subscriberId), eq(renewalAttempts.periodEnd, periodEnd)))
    .orderBy(desc(renewalAttempts.attempt))
    .all()
    .map(stateOf);
}

/** Every attempt of a member, newest first (the subscriber record), at most `limit`. */
export function memberAttempts(db: ServiceDeps['db'], subscriberId: string, limit = 50): PeriodAttempt[] {
  return db
    .select(columns)
    .from(renewalAttempts)
    .innerJoin(payments, eq(payments.id, renewalAttempts.paymentId))
    .where(eq(renewalAttempts.subscriberId, subscriberId))
    .orderBy(desc(renewalAttempts.createdAt), desc(renewalAttempts.attempt))
    .limit(limit)
    .all()
    .map(stateOf);
}
