/**
 * Background work that runs inside the server process. Returns a function that stops it all.
 * The outbox worker is added by `services/outbox-worker.ts`.
 */
import type { Services } from './services';

export function startBackgroundJobs(services: Services): () => void {
  const stops: (() => void)[] = [];
  void services;
  return () => {
    for (const stop of stops) stop();
  };
}
