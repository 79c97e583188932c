/**
 * What a bench scenario is. The server runs in its own process (bench/server.ts) so the load
 * generator does not share its CPU time; a scenario therefore has two halves:
 *
 * - server side (`register`, `prepare`): runs inside the server process, before it listens. It may
 *   add routes to the bench's app instance and create data through the services (a checkout link,
 *   a pending payment). What `prepare` returns must survive JSON (it crosses the process boundary).
 * - load side (`request`): runs in the bench process and turns that data into autocannon request
 *   options. Dynamic bodies (a new id per request) go in `requests[].setupRequest`.
 */
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../src/server/env';
import type { Services } from '../src/server/services';

export interface BenchAccount {
  userId: string;
  email: string;
  /** Session token: send as `Authorization: Bearer <token>`. */
  token: string;
  /** The same session as a browser would send it: `Cookie: <cookie>`. */
  cookie: string;
}

/** Created once by the server process and handed to every scenario. */
export interface BenchAccounts {
  member: BenchAccount;
  admin: BenchAccount;
}

export interface ServerContext {
  app: FastifyInstance;
  services: Services;
  env: Env;
  accounts: BenchAccounts;
}

export interface ScenarioRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request variations; see autocannon's `requests` option. */
  requests?: autocannon.Request[];
  /** Status every answer must have (200 unless given); anything else invalidates the figure. */
  expectStatus?: number;
  /** Other statuses that do not invalidate it (a rate limit's allowance renewed each minute). */
  alsoAccept?: number[];
  /** Send exactly this many requests (no warm-up) instead of running for the duration. */
  amount?: number;
  /** `bare`: the plain Fastify instance beside the app (the baseline); the app otherwise. */
  server?: 'app' | 'bare';
}

/**
 * A club bench/write-club.ts writes before a server starts: `admin`, the back office's 100,000
 * subscribers and 150,000 payments; `big`, the same plus pending links and queued messages.
 */
export type ClubKind = 'admin' | 'big';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scenarios choose their own prepared data
export interface Scenario<Prepared = any> {
  /** Short label for the table. */
  name: string;
  /** One line saying what is measured. */
  description: string;
  /** Minimum ratio to the bare route (0–1), checked and reported; omit when there is no target. */
  target?: number;
  /**
   * Latency target for one client at a time (no queueing behind other connections): after the
   * throughput run, sequential requests are timed and their 95th percentile must stay under this.
   */
  p95TargetMs?: number;
  /**
   * `big`: runs in a server of its own on the big club (bench/scenarios/big-club.ts: 100,000
   * subscribers, 150,000 payments, 10,000 pending links, 10,000 queued messages), with its own bare
   * route; the other scenarios share the empty club's server. The club is written before that
   * server starts, by another process (bench/write-club.ts).
   */
  club?: 'big';
  /** Environment the server process needs for this scenario (merged over the bench defaults). */
  serverEnv?: Record<string, string>;
  /** Server side, before listening: add routes to the bench's own app instance. */
  register?(app: FastifyInstance): void;
  /** Server side, before listening: create the data the requests need. Must return JSON-safe data. */
  prepare?(ctx: ServerContext): Prepared | Promise<Prepared>;
  /** Load side: the request(s) autocannon sends. */
  request(prepared: Prepared, accounts: BenchAccounts): ScenarioRequest;
}

/** Identity helper that types `prepare` and `request` together. */
export function defineScenario<Prepared = undefined>(scenario: Scenario<Prepared>): Scenario<Prepared> {
  return scenario;
}
