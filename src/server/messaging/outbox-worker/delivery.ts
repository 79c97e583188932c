/** One pass of the worker: the due messages claimed one by one, delivered, marked sent or failed. */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { storableError } from '../../lib/provider-status';
import type { ServiceDeps } from '../../lib/deps';
import type { MessagingService } from '../messaging';
import { ERASED_RECIPIENT, type OutboxMessage, type OutboxService } from '../outbox';
import { OUTBOX_DELIVERY, retryDelayMs } from './policy';

/** What the outbox worker is built from, by name. */
export type OutboxWorkerDeps = ServiceDeps & {
  outbox: Pick<OutboxService, 'onEnqueue'>;
  messaging: Pick<MessagingService, 'deliver'>;
};

export interface OutboxRunResult {
  sent: number;
  /** Failed this time, queued for a later attempt. */
  retrying: number;
  /** Failed for the last time: status `failed`. */
  failed: number;
}

/** Takes the message if it is still due; the UPDATE's WHERE is what makes the claim atomic. */
function claim({ db }: OutboxWorkerDeps, id: string, now: Date): OutboxMessage | undefined {
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + OUTBOX_DELIVERY.leaseMs),
      updatedAt: now,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)))
    .returning()
    .all()[0];
}

function markSent({ db, clock }: OutboxWorkerDeps, message: OutboxMessage) {
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
function markFailed({ db, clock, log }: OutboxWorkerDeps, message: OutboxMessage, error: string): boolean {
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

/** The ids of the due messages, oldest due first, at most one batch. */
function dueIds({ db }: OutboxWorkerDeps, now: Date): { id: string }[] {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(OUTBOX_DELIVERY.batchSize)
    .all();
}

/** One pass, as an admin's "send now" or a test sees it: what was sent, retried and given up. */
export async function runOnce(deps: OutboxWorkerDeps): Promise<OutboxRunResult> {
  const { sent, retrying, failed } = await deliverBatch(deps);
  return { sent, retrying, failed };
}

/** One pass: delivers the due messages (at most one batch), one after the other. */
export async function deliverBatch(deps: OutboxWorkerDeps): Promise<OutboxRunResult & { claimed: number }> {
  const result = { sent: 0, retrying: 0, failed: 0, claimed: 0 };
  for (const { id } of dueIds(deps, deps.clock.now())) {
    // Claimed at the time of this message's turn: an earlier send may have taken a while.
    const message = claim(deps, id, deps.clock.now());
    if (!message) continue; // another pass took it meanwhile
    result.claimed++;
    try {
      await deps.messaging.deliver({ ...message, body: message.deliveryBody ?? message.body });
    } catch (error) {
      if (markFailed(deps, message, storableError(error))) result.failed++;
      else result.retrying++;
      continue;
    }
    markSent(deps, message);
    result.sent++;
  }
  return result;
}
