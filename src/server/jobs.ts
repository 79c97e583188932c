/**
 * Background work that runs inside the server process. Returns a function that stops it all.
 */
import type { Services } from './services';

export function startBackgroundJobs(services: Services): () => void {
  const stops: (() => void)[] = [];
  services.outboxWorker.start();
  stops.push(() => void services.outboxWorker.stop());
  return () => {
    for (const stop of stops) stop();
  };
}
