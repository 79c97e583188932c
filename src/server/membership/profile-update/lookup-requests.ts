/**
 * The wizard's lookups, named by an opaque `requestId` (ADR 018). The lookup answers the same
 * whether a record was found or not, so the code step must too: a request that found nothing
 * counts wrong codes and locks like a real one, and an unknown or old id reads as an expired code.
 * Kept in memory, for the life of a code: a restart only makes people ask for a new code.
 */
import { randomBytes } from 'node:crypto';
import { PROFILE_UPDATE_MAX_TRIES } from '../../../shared/profile-update-schemas';
import type { Clock } from '../../lib/deps';
import { CODE_TTL_MS } from './deps';

/** Enough for every lookup a day of per-IP limits lets through; the oldest go first. */
const MAX_REQUESTS = 20_000;

interface LookupRequest {
  /** The record found, or null when none was (a decoy, refused code after code). */
  subscriberId: string | null;
  expiresAt: number;
  /** Wrong codes typed for a decoy (a real record counts on its code's row). */
  attempts: number;
}

export type DecoyGuess = { kind: 'wrong'; left: number } | { kind: 'locked' } | { kind: 'expired' };

export function createLookupRequests(clock: Clock) {
  const requests = new Map<string, LookupRequest>();

  function prune(now: number) {
    for (const [id, request] of requests) {
      if (request.expiresAt > now && requests.size < MAX_REQUESTS) break;
      requests.delete(id);
    }
  }

  return {
    /** A new id for this lookup; `subscriberId` null when nothing was found. */
    issue(subscriberId: string | null): string {
      const now = clock.now().getTime();
      prune(now);
      const id = randomBytes(18).toString('base64url');
      requests.set(id, { subscriberId, expiresAt: now + CODE_TTL_MS, attempts: 0 });
      return id;
    },

    /** The request, while its code could still be typed; undefined once expired or never issued. */
    find(id: string): LookupRequest | undefined {
      const request = requests.get(id);
      if (!request || request.expiresAt <= clock.now().getTime()) return undefined;
      return request;
    },

    /** A code typed for a decoy: always wrong, counted like a real one. */
    guessDecoy(request: LookupRequest): DecoyGuess {
      if (request.attempts >= PROFILE_UPDATE_MAX_TRIES) return { kind: 'locked' };
      request.attempts += 1;
      const left = PROFILE_UPDATE_MAX_TRIES - request.attempts;
      return left > 0 ? { kind: 'wrong', left } : { kind: 'locked' };
    },
  };
}

export type LookupRequests = ReturnType<typeof createLookupRequests>;
