/**
 * The outbox worker: delivers queued messages in the server process. Each message is claimed
 * with one conditional UPDATE before it is sent, so two ticks (or two processes on the same
 * database) never send it twice; a failure is stored with its error and retried with exponential
 * backoff until the attempts run out. A message is never deleted: an outage only delays it, and
 * one that ran out of attempts stays `failed` for an admin to retry.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { outbox } from '../db/schema';
import { storableError } from '../providers/provider-status';
import type { ServiceDeps } from './deps';
import type { MessagingService } from './messaging';
import { ERASED_RECIPIENT, type OutboxMessage, type OutboxService } from './outbox';

export const OUTBOX_DELIVERY = {
  /** First retry after 30 s, doubling each time… */
  baseDelayMs: 30_000,
  /** …up to one hour between attempts. */
  maxDelayMs: 60 * 60_000,
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

export interface OutboxRunResult {
  sent: number;
  /** Failed this time, queued for a later attempt. */
  retrying: number;
  /** Failed for the last time: status `failed`. */
  failed: number;
}

export function createOutboxWorker({
  db,
  log,
  clock,
  outbox: outboxService,
  messaging,
}: ServiceDeps & { outbox: Pick<OutboxService, 'onEnqueue'>; messaging: Pick<MessagingService, 'deliver'> }) {
  /** Takes the message if it is still due; the UPDATE's WHERE is what makes the claim atomic. */
  function claim(id: string, now: Date): OutboxMessage | undefined {
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + OUTBOX_DELIVERY.leaseMs),
        updatedAt: now,
      })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)))
      .returning()
      .get();
  }

  function markSent(message: OutboxMessage) {
    const now = clock.now();
    db.update(outbox)
      // The delivered text goes: a set-password link is readable by its recipient only.
      .set({
        status: 'sent',
        sentAt: now,
        lastError: null,
        deliveryBody: null,
        updatedAt: now,
        // The farewell to a person whose data was erased keeps no address once delivered (ADR 029).
        ...(message.eraseRecipientOnSend ? { recipient: ERASED_RECIPIENT } : {}),
      })
      .where(eq(outbox.id, message.id))
      .run();
  }

  /** Returns true when this was the last attempt. */
  function markFailed(message: OutboxMessage, error: string): boolean {
    const now = clock.now();
    const final = message.attempts >= OUTBOX_DELIVERY.maxAttempts;
    db.update(outbox)
      .set({
        status: final ? 'failed' : 'queued',
        lastError: error,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        updatedAt: now,
      })
      .where(eq(outbox.id, message.id))
      .run();
    const context = { messageId: message.id, channel: message.channel, attempts: message.attempts, error };
    if (final) log.error(context, 'mensagem não entregue: tentativas esgotadas');
    else log.warn(context, 'falha na entrega da mensagem; nova tentativa agendada');
    return final;
  }

  /** One pass: delivers the due messages (at most one batch), one after the other. */
  async function runOnce(): Promise<OutboxRunResult & { claimed: number }> {
    const now = clock.now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(OUTBOX_DELIVERY.batchSize)
      .all();
    const result = { sent: 0, retrying: 0, failed: 0, claimed: 0 };
    for (const { id } of due) {
      // Claimed at the time of this message's turn: an earlier send may have taken a while.
      const message = claim(id, clock.now());
      if (!message) continue; // another pass took it meanwhile
      result.claimed++;
      try {
        await messaging.deliver({ ...message, body: message.deliveryBody ?? message.body });
      } catch (error) {
        if (markFailed(message, storableError(error))) result.failed++;
        else result.retrying++;
        continue;
      }
      markSent(message);
      result.sent++;
    }
    return result;
  }

  // Background loop: never two passes at once in this process; a wake-up during a pass asks
  // for one more pass right after it.
  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  function kick() {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const { claimed } = await runOnce();
          if (claimed >= OUTBOX_DELIVERY.batchSize) again = true;
        } catch (error) {
          log.error({ err: error }, 'falha no worker do outbox');
        }
      } while (again && started);
    })().finally(() => {
      running = null;
    });
  }

  return {
    runOnce: async (): Promise<OutboxRunResult> => {
      const { sent, retrying, failed } = await runOnce();
      return { sent, retrying, failed };
    },

    start() {
      if (started) return;
      started = true;
      // Deferred: `enqueue` may run inside a caller's synchronous transaction, and the claim must
      // only see the message after that transaction committed.
      unsubscribe = outboxService.onEnqueue(() => setImmediate(kick));
      timer = setInterval(kick, OUTBOX_DELIVERY.pollMs);
      timer.unref();
      kick();
    },

    /** Stops the loop; resolves when the pass under way (if any) has finished. */
    stop(): Promise<void> {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      return running ?? Promise.resolve();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
