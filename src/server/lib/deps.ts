import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Env } from '../env';

/** Clock seam: services ask it for the time so tests can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What every service is built from. Services never import Fastify or tRPC. */
export interface ServiceDeps {
  db: Db;
  env: Env;
  log: Logger;
  clock: Clock;
}
