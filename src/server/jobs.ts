/**
 * Background work that runs inside the server process: the outbox worker and an hourly
 * housekeeping pass. Returns a function that stops it all.
 */
import type { Services } from './services';

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly upkeep. Links past their 48 h are also expired lazily when read; this pass keeps lists
 * and reports right for links nobody opens again.
 */
export function runHousekeeping(services: Services): { expiredLinks: number } {
  const expiredLinks = services.paymentLinks.expireOverdue();
  if (expiredLinks > 0) services.log.info({ expiredLinks }, 'overdue payment links expired');
  return { expiredLinks };
}

export function startBackgroundJobs(services: Services): () => void {
  const stops: (() => void)[] = [];
  services.outboxWorker.start();
  stops.push(() => void services.outboxWorker.stop());

  const housekeeping = () => {
    try {
      runHousekeeping(services);
    } catch (error) {
      services.log.error({ err: error }, 'housekeeping failed');
    }
  };
  housekeeping();
  const timer = setInterval(housekeeping, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  stops.push(() => clearInterval(timer));

  return () => {
    for (const stop of stops) stop();
  };
}
