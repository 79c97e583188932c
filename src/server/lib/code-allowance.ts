/**
 * When a one-time code may be sent again: the one rule behind the WhatsApp proof's codes
 * (phone-proof.ts) and the profile-update wizard's (profile-update/request-code.ts). Each keeps its
 * own table, limits and messages; the rule is the same: a new code waits while the last one is fresh
 * and still usable, and only so many go out per hour.
 */

import { HOUR_MS } from '../../shared/sao-paulo-time';

export interface CodeLimits {
  /** How long a fresh, usable code holds back the next one. */
  resendAfterMs: number;
  /** Wrong guesses after which a code is used up (and no longer holds back a new one). */
  maxTries: number;
  /** Codes per hour for one account or record. */
  perHour: number;
}

export interface LastCode {
  createdAt: Date;
  /** When it was typed back correctly; null while unused. */
  usedAt: Date | null;
  attempts: number;
}

/**
 * Why a new code may not go out at `now`, or null when it may. `sentSince` counts the codes created
 * after an instant; it is asked only when the last code does not already refuse.
 */
export function codeRefusal(
  last: LastCode | undefined,
  sentSince: (since: Date) => number,
  now: Date,
  limits: CodeLimits,
): 'resendTooSoon' | 'tooManyCodes' | null {
  const fresh = last && now.getTime() - last.createdAt.getTime() < limits.resendAfterMs;
  if (fresh && last.usedAt === null && last.attempts < limits.maxTries) return 'resendTooSoon';
  if (sentSince(new Date(now.getTime() - HOUR_MS)) >= limits.perHour) return 'tooManyCodes';
  return null;
}
