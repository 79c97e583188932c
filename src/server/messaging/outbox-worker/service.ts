/**
 * The outbox worker: delivers queued messages in the server process. Each message is claimed
 * with one conditional UPDATE before it is sent, so two ticks (or two processes on the same
 * database) never send it twice; a failure is stored with its error and retried with exponential
 * backoff until the attempts run out. A message is never deleted: an outage only delays it, and
 * one that ran out of attempts stays `failed` for an admin to retry. The pass lives in
 * `outbox-worker/delivery.ts`, the background loop in `outbox-worker/loop.ts`.
 */
import { runOnce, type OutboxRunResult, type OutboxWorkerDeps } from './delivery';
import { createOutboxWorkerContext, start, stop } from './loop';

export { OUTBOX_DELIVERY, retryDelayMs } from './policy';
export type { OutboxRunResult, OutboxWorkerDeps };

export function createOutboxWorker(deps: OutboxWorkerDeps) {
  const ctx = createOutboxWorkerContext(deps);
  return {
    runOnce: () => runOnce(ctx),
    start: () => start(ctx),
    stop: () => stop(ctx),
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
