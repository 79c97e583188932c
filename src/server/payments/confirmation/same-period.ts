/**
 * One person, one period (ADR 030): money for an attempt started before another payment of the
 * same subscriber was paid is for the period that payment already bought. However it arrived (a
 * second in-page attempt, a link, an answer found late), it is a "cobrança duplicada" the owner
 * refunds in one click, never a second year.
 */
import type { Payment } from '../../db/schema';
import type { ConfirmationContext } from './context';

/** When an in-page attempt started: rows from before the column have their creation. */
export const attemptStart = (payment: Payment): Date => payment.attemptStartedAt ?? payment.createdAt;

/**
 * The subscriber's payment recorded paid since `since` that bought a period (not an extra charge,
 * not refunded: a refund gave the period back), other than `excludeId`. Compared on our clock
 * (`confirmed_at`); rows from before that column have the provider's `paid_at`.
 */
export function paidSince(
  { statements }: ConfirmationContext,
  subscriberId: string,
  since: Date,
  excludeId: string | null,
): Payment | undefined {
  // No payment's id is empty: '' excludes none.
  return statements.paidSince.get({ subscriberId, since: since.getTime(), excludeId: excludeId ?? '' });
}
