/**
 * The background loop: never two passes at once in this process; a wake-up during a pass asks
 * for one more pass right after it.
 */
import { deliverBatch, type OutboxWorkerDeps } from './delivery';
import { OUTBOX_DELIVERY } from './policy';

/** The loop's state, kept by the worker for its lifetime. */
export interface DeliveryLoop {
  started: boolean;
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  unsubscribe: (() => void) | null;
}

/** The worker's dependencies plus its loop. */
export type OutboxWorkerContext = OutboxWorkerDeps & { loop: DeliveryLoop };

export function createOutboxWorkerContext(deps: OutboxWorkerDeps): OutboxWorkerContext {
  return { ...deps, loop: { started: false, running: null, again: false, timer: null, unsubscribe: null } };
}

/** Runs passes until one finds less than a full batch and nobody asked for another. */
export function kick(deps: OutboxWorkerDeps, loop: DeliveryLoop) {
  if (!loop.started) return;
  if (loop.running) {
    loop.again = true;
    return;
  }
  loop.running = (async () => {
    do {
      loop.again = false;
      try {
        const { claimed } = await deliverBatch(deps);
        if (claimed >= OUTBOX_DELIVERY.batchSize) loop.again = true;
      } catch (error) {
        deps.log.error({ err: error }, 'falha no worker do outbox');
      }
    } while (loop.again && loop.started);
  })().finally(() => {
    loop.running = null;
  });
}

export function start(ctx: OutboxWorkerContext) {
  const { loop, ...deps } = ctx;
  if (loop.started) return;
  loop.started = true;
  const wake = () => kick(deps, loop);
  // Deferred: `enqueue` may run inside a caller's synchronous transaction, and the claim must
  // only see the message after that transaction committed.
  loop.unsubscribe = deps.outbox.onEnqueue(() => setImmediate(wake));
  loop.timer = setInterval(wake, OUTBOX_DELIVERY.pollMs);
  loop.timer.unref();
  wake();
}

/** Stops the loop; resolves when the pass under way (if any) has finished. */
export function stop({ loop }: OutboxWorkerContext): Promise<void> {
  loop.started = false;
  if (loop.timer) clearInterval(loop.timer);
  loop.timer = null;
  loop.unsubscribe?.();
  loop.unsubscribe = null;
  return loop.running ?? Promise.resolve();
}
