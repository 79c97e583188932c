/**
 * The hard cap on wrong sign-in codes per account (docs/decisions/028-owner-account.md): whoever
 * knows the password could otherwise try about a code a minute under the sign-in throttle, some
 * 1,400 a day. After WRONG_CODE_CAP wrong codes in a row (at sign-in, with a set-password link or
 * at a step-up), the app's codes stop being accepted for CODE_LOCK_MS: the sign-in starts again
 * from the password, the owner is told on the proven e-mail, and the activity log keeps it.
 * Recovery codes (50 random bits each, nothing to guess) still sign in, so the owner is never
 * locked out by someone else's guesses. A right code forgets the count. Kept in memory, like the
 * sign-in throttle.
 */
import { MSG } from '../../../shared/messages';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { RateLimitedError } from '../../lib/errors';
import type { TwoFactorDeps } from './context';

export const WRONG_CODE_CAP = 10;
export const CODE_LOCK_MS = DAY_MS;

interface CapEntry {
  wrong: number;
  lockedUntil: number;
}

export function createCodeCap({ clock, log, accountSecurity, activityLog }: TwoFactorDeps) {
  const entries = new Map<string, CapEntry>();

  function lockedMs(userId: string): number {
    const entry = entries.get(userId);
    if (!entry?.lockedUntil) return 0;
    const left = entry.lockedUntil - clock.now().getTime();
    if (left > 0) return left;
    entries.delete(userId);
    return 0;
  }

  function lockedError(ms: number): RateLimitedError {
    return new RateLimitedError(Math.ceil(ms / 1000), MSG.twoFactorLocked, 'two_factor_locked');
  }

  return {
    /** Throws the refusal while the account's app codes are suspended. */
    assertOpen(userId: string): void {
      const ms = lockedMs(userId);
      if (ms > 0) throw lockedError(ms);
    },
    /** A right code: the count starts again. */
    right(userId: string): void {
      entries.delete(userId);
    },
    /** A wrong code; the one that reaches the cap suspends the codes and throws the refusal. */
    wrong(userId: string): void {
      const entry = entries.get(userId) ?? { wrong: 0, lockedUntil: 0 };
      entry.wrong++;
      entries.set(userId, entry);
      if (entry.wrong < WRONG_CODE_CAP) return;
      entry.lockedUntil = clock.now().getTime() + CODE_LOCK_MS;
      entry.wrong = 0;
      accountSecurity.notify(userId, 'two_factor_codes_locked');
      activityLog.record({
        action: 'two_factor_codes_locked',
        actor: { kind: 'system' },
        details: { userId, wrongCodes: WRONG_CODE_CAP },
      });
      log.warn({ userId }, 'two-factor codes suspended after too many wrong ones');
      throw lockedError(CODE_LOCK_MS);
    },
  };
}

export type CodeCap = ReturnType<typeof createCodeCap>;
