/**
 * The services container: built once per app from the database, configuration and clock. Every
 * transport (tRPC, REST, scripts) reaches the business rules through this object only.
 */
import type { Logger } from 'pino';
import { createSessionStore } from '../auth/session';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { createAccountsService } from './accounts';
import { systemClock, type Clock, type ServiceDeps } from './deps';
import { createHealthService } from './health';
import { createOutboxService } from './outbox';
import { createSettingsService } from './settings';
import { createTemplatesService } from './templates';

export interface CreateServicesOptions {
  db: Db;
  env: Env;
  log: Logger;
  clock?: Clock;
}

export function createServices(options: CreateServicesOptions) {
  const deps: ServiceDeps = { ...options, clock: options.clock ?? systemClock };
  const sessions = createSessionStore(deps.db, () => deps.clock.now());
  const settings = createSettingsService(deps);
  const templates = createTemplatesService(deps);
  const outbox = createOutboxService(deps, templates, settings);
  const accounts = createAccountsService(deps, sessions, outbox);

  const health = createHealthService(deps);

  return { ...deps, sessions, settings, templates, outbox, accounts, health };
}

export type Services = ReturnType<typeof createServices>;
