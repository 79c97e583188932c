/**
 * Named rate-limit groups. An operation names its group; the runner counts every call against it,
 * per client IP, whatever the transport: a tRPC batch of 15 logins is 15 attempts, and switching
 * between tRPC and REST does not double anyone's allowance.
 */
import type { Env } from '../env';
import { RateLimitedError } from '../lib/errors';
import { FixedWindows } from './fixed-windows';

export type RateLimitGroup =
  | 'auth'
  | 'contact'
  | 'diagnostics'
  | 'checkout'
  | 'lookup'
  | 'profileUpdate'
  | 'upload'
  | 'export'
  // Proving a WhatsApp number (ADR 027).
  | 'contactProof'
  // Work in batches (ADR 046): each call touches up to BATCH_MAX records.
  | 'batch';

const WINDOW_S = 60;

function groupLimits(env: Env): Record<RateLimitGroup, number> {
  // contact: a flood of form posts fills the club's mailbox; diagnostics: each call reaches the providers.
  return {
    auth: env.AUTH_RATE_LIMIT,
    contact: 5,
    diagnostics: 10,
    checkout: env.CHECKOUT_RATE_LIMIT,
    lookup: 60,
    // The wizard finds people without a password: few tries per IP against enumeration and code guessing.
    profileUpdate: env.PROFILE_UPDATE_RATE_LIMIT,
    // upload: each drive upload may stream hundreds of megabytes to disk.
    upload: 30,
    // A CSV export reads a whole table: a few a minute is plenty for a person.
    export: 10,
    // Codes to a WhatsApp number and the guesses at them (each account has its own limits besides).
    contactProof: 10,
    // A batch approves, messages or pays up to 50 records: a person sends a few a minute.
    batch: 10,
  };
}

/** Thrown when a group's allowance is spent; transports answer 429 with `Retry-After`. */
export { RateLimitedError };

export interface RateLimits {
  /**
   * Counts one call of `group` from `ip`: null when allowed, the seconds to wait when refused.
   * Synchronous, and nothing is allocated for a refusal (ADR 043): the early hook answers a
   * refused REST call with it directly.
   */
  take(group: RateLimitGroup, ip: string): number | null;
  /** The same count; throws RateLimitedError past the group's limit. */
  consume(group: RateLimitGroup, ip: string): Promise<void>;
}

export function createRateLimits(env: Env): RateLimits {
  const limits = groupLimits(env);
  const windows = new Map(
    (Object.keys(limits) as RateLimitGroup[]).map((group) => [
      group,
      new FixedWindows(limits[group], WINDOW_S * 1000),
    ]),
  );
  const take = (group: RateLimitGroup, ip: string) => windows.get(group)!.take(ip);
  return {
    take,
    async consume(group, ip) {
      const retryAfterSeconds = take(group, ip);
      if (retryAfterSeconds !== null) throw new RateLimitedError(retryAfterSeconds);
    },
  };
}
