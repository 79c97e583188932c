/**
 * The per-account sign-in throttle, beside the per-IP rate limit (operations/rate-limits.ts): after
 * a few failed attempts on one account, each further attempt waits longer (1 s, 2 s, 4 s …). It is
 * never a lock: the waits stop growing, and a success (or a quiet day) forgets the failures.
 *
 * Two counters per account (docs/decisions/028-owner-account.md):
 * - the account from one IP: 3 free failures, then waits up to 15 minutes. One attacker is slowed
 *   hard, and the owner, on another address, is not affected by that counter at all;
 * - the account from everywhere: 10 free failures, then waits of at most a minute. Many addresses
 *   together get about one guess a minute, and the owner never waits longer than that.
 *
 * The account is the e-mail as typed, whether or not it has an account (no difference to see).
 * Every attempt counts as a failure the moment it starts, so calls racing on one account (a tRPC
 * batch) are counted one by one; a success clears it. Kept in memory, like the per-IP limits.
 */
import { normalizedEmail } from '../../shared/email-address';
import { MSG } from '../../shared/messages';
import { RateLimitedError } from '../errors';
import type { Clock } from '../services/deps';

interface Rule {
  /** Failures allowed before the first wait. */
  free: number;
  maxDelayMs: number;
}

const FROM_ONE_IP: Rule = { free: 3, maxDelayMs: 15 * 60_000 };
const FROM_ANYWHERE: Rule = { free: 10, maxDelayMs: 60_000 };
const FIRST_DELAY_MS = 1000;
/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
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
  /** The credential was right: the account's failures are forgotten. */
  succeeded(): void;
  /** Neither right nor wrong (the password was right and the code is still to come). */
  uncounted(): void;
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

function attemptHandle(entries: Entries, keys: string[]): SignInAttempt {
  return {
    succeeded() {
      for (const key of keys) entries.delete(key);
    },
    uncounted() {
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry) entry.failures = Math.max(0, entry.failures - 1);
      }
    },
  };
}

/**
 * Call before checking a credential of `account` (an e-mail) from `ip`. Throws a 429 with a
 * Portuguese message while the account must wait; otherwise counts the attempt as failed until
 * the handle says otherwise.
 */
function begin(entries: Entries, clock: Clock, account: string, ip: string): SignInAttempt {
  const now = clock.now().getTime();
  const name = normalizedEmail(account);
  const rules: [string, Rule][] = [
    [`${name}\n${ip}`, FROM_ONE_IP],
    [name, FROM_ANYWHERE],
  ];
  const wait = Math.max(...rules.map(([key, rule]) => waitMs(entries, key, rule, now)));
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new RateLimitedError(seconds, MSG.accountThrottled(waitText(seconds)));
  }
  const keys = rules.map(([key]) => key);
  countFailure(entries, keys, now);
  return attemptHandle(entries, keys);
}

export function createSignInThrottle(clock: Clock) {
  const entries: Entries = new Map();
  return {
    begin: (account: string, ip: string): SignInAttempt => begin(entries, clock, account, ip),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
