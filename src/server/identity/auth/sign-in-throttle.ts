/**
 * The per-account sign-in throttle, beside the per-IP rate limit (operations/rate-limits.ts): after
 * a few failed attempts on one account, each further attempt waits longer (1 s, 2 s, 4 s …). It is
 * never a lock: the waits stop growing, and a success (or a quiet day) forgets the failures.
 *
 * Two counters per account (docs/decisions/028-owner-account.md):
 * - the account from one IP: 3 free failures, then waits up to 15 minutes, refused before the
 *   credential is looked at. One attacker is slowed hard, and the owner, on another address, is
 *   not affected by that counter at all;
 * - the account from everywhere: 10 free failures, then waits of at most a minute. Many addresses
 *   together get about one guess a minute. This wait slows only the guessing: the caller still
 *   checks the credential, and whoever proves they hold the account (the password with a right
 *   second factor, a set-password link, a signed-in session's code) goes through; anything less is
 *   refused with the same 429 whether the password was right or not (`refusal()`).
 *
 * The account is the e-mail as typed, whether or not it has an account (no difference to see).
 * Every attempt counts as a failure the moment it starts, so calls racing on one account (a tRPC
 * batch) are counted one by one; a success clears it. Kept in memory, like the per-IP limits.
 */
import { normalizedEmail } from '../../../shared/email-address';
import { MSG } from '../../../shared/messages';
import { DAY_MS, HOUR_MS } from '../../../shared/sao-paulo-time';
import { RateLimitedError } from '../../lib/errors';
import type { Clock } from '../../lib/deps';

interface Rule {
  /** Failures allowed before the first wait. */
  free: number;
  maxDelayMs: number;
}

const FROM_ONE_IP: Rule = { free: 3, maxDelayMs: 15 * 60_000 };
const FROM_ANYWHERE: Rule = { free: 10, maxDelayMs: 60_000 };
const FIRST_DELAY_MS = 1000;
/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = DAY_MS;
/** Past this many tracked keys, the forgotten ones are dropped, then the oldest. */
const MAX_ENTRIES = 50_000;

interface Entry {
  failures: number;
  lastAt: number;
}

/** How long the next attempt waits after `failures` failures. */
export function throttleDelayMs(rule: Rule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, FIRST_DELAY_MS * 2 ** (failures - rule.free));
}

/** "40 segundos", "1 minuto", "15 minutos". */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

export interface SignInAttempt {
  /**
   * Seconds the account as a whole still waits (many addresses guessed wrong lately), 0 when it
   * does not. While it waits, only a proof beyond the password goes through.
   */
  readonly accountWaitSeconds: number;
  /** The credential was right: the account's failures are forgotten. */
  succeeded(): void;
  /** Neither right nor wrong (the password was right and the code is still to come). */
  uncounted(): void;
  /** The account waits and the attempt did not prove more than a password: the 429 to throw, whatever was wrong. */
  refusal(): RateLimitedError;
}

/** The failures kept per key (an account from one IP, an account from anywhere). */
type Entries = Map<string, Entry>;

function waitMs(entries: Entries, key: string, rule: Rule, now: number): number {
  const entry = entries.get(key);
  if (!entry) return 0;
  if (now - entry.lastAt > FORGET_AFTER_MS) {
    entries.delete(key);
    return 0;
  }
  return Math.max(0, entry.lastAt + throttleDelayMs(rule, entry.failures) - now);
}

function prune(entries: Entries, now: number) {
  if (entries.size <= MAX_ENTRIES) return;
  for (const [key, entry] of entries) {
    if (now - entry.lastAt > FORGET_AFTER_MS) entries.delete(key);
  }
  for (const key of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(key);
  }
}

/** The attempt counts as failed under every key from the moment it starts. */
function countFailure(entries: Entries, keys: string[], now: number) {
  for (const key of keys) {
    const entry = entries.get(key) ?? { failures: 0, lastAt: now };
    entry.failures++;
    entry.lastAt = now;
    entries.set(key, entry);
  }
  prune(entries, now);
}

/** The 429; `account_throttled` when a second factor would have let the caller through. */
function throttled(seconds: number, reason?: 'account_throttled'): RateLimitedError {
  return new RateLimitedError(seconds, MSG.accountThrottled(waitText(seconds)), reason);
}

function attemptHandle(
  entries: Entries,
  keys: string[],
  counted: string[],
  accountWaitSeconds: number,
): SignInAttempt {
  return {
    accountWaitSeconds,
    refusal: () => throttled(Math.max(1, accountWaitSeconds), 'account_throttled'),
    succeeded() {
      for (const key of keys) entries.delete(key);
    },
    uncounted() {
      for (const key of counted) {
        const entry = entries.get(key);
        if (entry) entry.failures = Math.max(0, entry.failures - 1);
      }
    },
  };
}

/**
 * Call before checking a credential of `account` (an e-mail) from `ip`. Throws a 429 with a
 * Portuguese message while the account must wait from this address; otherwise counts the attempt
 * as failed until the handle says otherwise, and tells whether the account as a whole waits.
 */
function begin(entries: Entries, clock: Clock, account: string, ip: string): SignInAttempt {
  const now = clock.now().getTime();
  const name = normalizedEmail(account);
  const fromSource = `${name}\n${ip}`;
  const sourceWait = waitMs(entries, fromSource, FROM_ONE_IP, now);
  if (sourceWait > 0) throw throttled(Math.ceil(sourceWait / 1000));
  const accountWait = waitMs(entries, name, FROM_ANYWHERE, now);
  // While the account waits, an attempt counts against its address only: answered 429 unless it
  // proves more than a password, it must not push the owner's wait further away.
  const counted = accountWait > 0 ? [fromSource] : [fromSource, name];
  countFailure(entries, counted, now);
  return attemptHandle(entries, [fromSource, name], counted, Math.ceil(accountWait / 1000));
}

/** "Esqueci minha senha" e-mails per account: a few an hour, or anyone could flood a mailbox. */
const RESET_MAILS_PER_HOUR = 3;

/** Whether one more set-password e-mail may go to `account` now; counts it when it may. */
function allowResetMail(sent: Map<string, number[]>, clock: Clock, account: string): boolean {
  const now = clock.now().getTime();
  const key = normalizedEmail(account);
  const recent = (sent.get(key) ?? []).filter((at) => now - at < HOUR_MS);
  const allowed = recent.length < RESET_MAILS_PER_HOUR;
  if (allowed) recent.push(now);
  if (recent.length) sent.set(key, recent);
  else sent.delete(key);
  if (sent.size > MAX_ENTRIES) {
    for (const [other, times] of sent) if (times.every((at) => now - at >= HOUR_MS)) sent.delete(other);
  }
  return allowed;
}

export function createSignInThrottle(clock: Clock) {
  const entries: Entries = new Map();
  const resetMails = new Map<string, number[]>();
  return {
    begin: (account: string, ip: string): SignInAttempt => begin(entries, clock, account, ip),
    /**
     * Counts a set-password e-mail to `account` (3 an hour); false past that. The caller answers
     * with the same words either way.
     */
    allowResetMail: (account: string): boolean => allowResetMail(resetMails, clock, account),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
