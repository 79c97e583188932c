/**
 * `buildApp` assembles the one Fastify process: security headers, session resolution, the tRPC
 * router at /trpc, the REST adapter at /api and the React bundle with its SPA fallback. It does
 * not listen (tests use `inject`); `main.ts` starts it.
 */
import fastifyCookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type RawServerDefault, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { MSG } from '../../shared/messages';
import {
  anonymous,
  isOriginAllowed,
  resolveRequestAuth,
  SESSION_COOKIE,
  type RequestAuth,
} from '../identity/request-auth';
import { databaseFile, openDatabase, type OpenDatabase } from '../db/client';
import type { Env } from '../env';
import { procedures } from '../operations/procedures';
import { restRoutes } from '../rest';
import { registerApiDocs } from '../rest/openapi';
import { registerRestRoutes } from '../rest/route';
import { createRateLimits, RateLimitedError } from '../operations/rate-limits';
import { createServices, type Services } from '../services';
import type { Clock } from '../lib/deps';
import { appProcedureNames, appRouter, type AppRouter } from '../trpc/root';
import { createCallContextFactory, plainCallContext } from './call-context';
import { registerViteDevClient } from './dev';
import { handleError, sendError } from './errors';
import { findPrerender, registerPrerenderedPages } from './prerendered-pages';
import { registerClient } from './static-assets';
import { loggerOptions, OneLinePerRequest, prettyAvailable } from './logging';
import { registerSecurityHeaders } from './security-headers';
import { trpcCallCheck, TRPC_MAX_BATCH } from './trpc-calls';
import { earlyRateLimitHook } from './early-rate-limits';
import { keepRawWebhookBodies } from './raw-body';
import { normalizedUrl } from './normalized-url';
import { registerSandboxPages } from './sandbox-pages';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

export const BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  env: Env;
  /** An already-open database (tests); otherwise `DATA_DIR/club.db` is opened and migrated. */
  database?: OpenDatabase;
  clock?: Clock;
  /** Where the log goes instead of stdout (tests read it to prove no secret is logged). */
  logStream?: pino.DestinationStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  database: OpenDatabase;
}

export async function buildApp({ env, database, clock, logStream }: BuildAppOptions): Promise<BuiltApp> {
  // Readable lines when a person watches the terminal; JSON for everything else.
  const log = logStream
    ? pino(loggerOptions(env), logStream)
    : pino(
        loggerOptions(env, {
          pretty: process.stdout.isTTY && env.NODE_ENV !== 'test' && prettyAvailable(),
        }),
      );
  // Typed with the base logger so plugins and helpers see the ordinary FastifyInstance.
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: log,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { maxParamLength: 5000 },
    // One spelling of the path for the router and every hook (`/%61pi/…` is `/api/…`).
    rewriteUrl: (request) => normalizedUrl(request.url ?? '/'),
    // Errors Fastify raises before any route runs (a URL that is not valid percent-encoding…)
    // answer like every other bad input: `{ error }` in Portuguese.
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, 400, MSG.invalidInput);
    },
  });

  const db =
    database ??
    openDatabase(databaseFile(env.DATA_DIR), env.MIGRATIONS_DIR, {
      // An upgrade keeps the data as it was before its migrations (docs/deploy.md: restoring).
      backupDirBeforeMigrating: env.backupDir,
      onBackup: (file, pending) => log.info({ file, pending }, 'database backed up before migrating'),
    });
  const services = createServices({ db: db.db, env, log, clock });
  app.addHook('onClose', () => {
    if (!database) db.close();
  });

  app.setErrorHandler(handleError);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, env);
  const limits = createRateLimits(env);
  const callContext = createCallContextFactory(services, limits);
  const checkTrpcCalls = trpcCallCheck(appProcedureNames);

  // Who is calling: resolved once per request, for tRPC and REST alike.
  app.decorateRequest('auth', null as unknown as RequestAuth);
  // Synchronous on purpose: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    request.auth = anonymous;
    if (!request.url.startsWith('/api') && !request.url.startsWith('/trpc')) return done();
    request.auth = resolveRequestAuth(
      services.sessions,
      request.headers.authorization,
      request.cookies[SESSION_COOKIE],
    );
    if (
      !isOriginAllowed(
        request.method,
        request.auth,
        request.headers.origin,
        request.headers.host,
        env.publicUrl,
      )
    ) {
      void sendError(reply, 403, MSG.badOrigin);
      return;
    }
    if (request.url.startsWith('/trpc/')) {
      const refused = checkTrpcCalls(request.url);
      if (refused) {
        void sendError(reply, refused.status, refused.error);
        return;
      }
    }
    done();
  });
  // Rate limits before the body is read (ADR 036); after the checks above, which cost less.
  app.decorateRequest('earlyLimits', null);
  app.addHook('onRoute', earlyRateLimitHook({ limits, restRoutes, procedures }));

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: ({ req, res }) => plainCallContext(callContext(req, res, 'cookie')),
      // tRPC answers are per person and per moment, like the REST ones; a spent rate limit says when to retry.
      responseMeta({ errors }) {
        const limited = errors.map((error) => error.cause).find((cause) => cause instanceof RateLimitedError);
        return {
          headers: {
            'cache-control': 'no-store',
            ...(limited ? { 'retry-after': String(limited.retryAfterSeconds) } : {}),
          },
        };
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  keepRawWebhookBodies(app);
  registerRestRoutes(app, restRoutes, callContext);
  await registerSandboxPages(app, services);
  await registerApiDocs(app, restRoutes);

  if (env.NODE_ENV === 'development') await registerViteDevClient(app);
  else {
    await registerClient(app, env.CLIENT_DIR, env);
    const prerender = findPrerender(env.CLIENT_DIR);
    registerPrerenderedPages(app, { services, clientDir: env.CLIENT_DIR, prerender });
  }

  return { app, services, database: db };
}

/**
 * `TRUST_PROXY` as Fastify takes it. Fastify refuses a bare hop count (it then trusts nothing), so
 * a number N becomes "trust the socket peer and the forwarding entries up to the Nth proxy": the
 * client IP is the address the outermost of our N proxies saw.
 */
export function trustProxyOption(
  value: Env['TRUST_PROXY'],
): boolean | ((address: string, hop: number) => boolean) {
  if (typeof value === 'boolean') return value;
  return (_address, hop) => hop < value;
}
