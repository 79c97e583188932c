/** How often, how many times and how far apart the outbox worker tries a message. */
import { HOUR_MS } from '../../../shared/sao-paulo-time';

export const OUTBOX_DELIVERY = {
  /** First retry after 30 s, doubling each time… */
  baseDelayMs: 30_000,
  /** …up to one hour between attempts. */
  maxDelayMs: HOUR_MS,
  /** 10 attempts span about three hours of outage before a message is marked failed. */
  maxAttempts: 10,
  /** Safety net besides the wake-up on enqueue: retries become due while nobody enqueues. */
  pollMs: 5_000,
  /**
   * A claimed message is not due again before this, longer than any transport timeout. If the
   * process dies mid-send the message is retried after it (at least once, never lost).
   */
  leaseMs: 10 * 60_000,
  /** Messages taken per pass; a full batch triggers another pass at once. */
  batchSize: 20,
} as const;

/** Delay before the next attempt after `attempts` failed ones: 30 s × 2^(attempts-1), capped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_DELIVERY.baseDelayMs * 2 ** Math.max(0, attempts - 1), OUTBOX_DELIVERY.maxDelayMs);
}
