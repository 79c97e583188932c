/**
 * The automatic renewal's calendar, in São Paulo days: the charge the day before the period ends, the
 * notice N days before, the card notice 30 days before, the retries N days after the date.
 */
import { DAY_MS, saoPauloDayStart, saoPauloInstant } from '../../../shared/sao-paulo-time';

export const CARD_NOTICE_DAYS = 30;

/**
 * The day the renewal is charged: the São Paulo day before the one the period ends, so the pass
 * (during the sending hours) charges before the expiry pass could end the period.
 */
export const chargeDay = (periodEnd: Date) => saoPauloDayStart(periodEnd, -1);

export const noticeFrom = (periodEnd: Date, noticeDays: number) => saoPauloDayStart(periodEnd, -noticeDays);

export const cardNoticeFrom = (periodEnd: Date) => saoPauloDayStart(periodEnd, -CARD_NOTICE_DAYS);

/** When attempt `n` (2, 3…) is due: the charge day plus the schedule's (n-1)th day; null past the last. */
export function retryAt(periodEnd: Date, retryDays: readonly number[], attempt: number): Date | null {
  const days = retryDays[attempt - 2];
  return days === undefined ? null : saoPauloDayStart(periodEnd, days - 1);
}

/** A card is valid through the last day of its month (São Paulo). */
export function cardValidUntil(expMonth: number, expYear: number): Date {
  return saoPauloInstant(expYear < 100 ? 2000 + expYear : expYear, expMonth + 1, 1);
}

export function cardExpiresBefore(
  card: { cardExpMonth: number | null; cardExpYear: number | null },
  day: Date,
): boolean {
  if (card.cardExpMonth === null || card.cardExpYear === null) return false;
  return cardValidUntil(card.cardExpMonth, card.cardExpYear).getTime() <= day.getTime();
}

/** The period is held open this long after an attempt is sent, while its answer is awaited. */
export const holdWhileAwaiting = (now: Date) => new Date(now.getTime() + DAY_MS);

/** Held until the day after the next retry's day. */
export const holdUntilRetry = (nextRetry: Date) => new Date(nextRetry.getTime() + DAY_MS);
