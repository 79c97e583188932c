/**
 * Rate limits decided before the body is read (ADR 036): an
 * `onRequest` hook of each limited route counts the call against its operation's group, keyed by
 * the route and the client's IP, so a refused call costs no body parsing, no validation and no
 * context; routes without a limit carry no such hook (ADR 043). A tRPC batch
 * counts each of its calls (their names are in the URL path); when every call of the request is
 * refused the request is answered 429 at once, otherwise each call learns its own outcome when it
 * runs (`EarlyLimits`), as it would have had it been counted there.
 */
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Meta } from '../operations/procedure';
import { RateLimitedError, type RateLimitGroup, type RateLimits } from '../operations/rate-limits';
import type { RestRoute } from '../rest/route';
import { sendError } from './errors';
import { trpcCallNames } from './trpc-calls';

/** What the hook decided for a request's calls, taken one by one by the runner. */
export class EarlyLimits {
  private readonly outcomes = new Map<RateLimitGroup, (RateLimitedError | null)[]>();

  add(group: RateLimitGroup, outcome: RateLimitedError | null): void {
    const list = this.outcomes.get(group);
    if (list) list.push(outcome);
    else this.outcomes.set(group, [outcome]);
  }

  /**
   * The next outcome counted for `group`: null when allowed, the error when refused, undefined
   * when the hook did not count such a call (the runner then counts it itself).
   */
  take(group: RateLimitGroup): RateLimitedError | null | undefined {
    return this.outcomes.get(group)?.shift();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    earlyLimits: EarlyLimits | null;
  }
}

/** A tRPC error as tRPC's own formatter answers it (init.ts), for a call refused before tRPC runs. */
function trpcRefusal(error: RateLimitedError, path: string) {
  return {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path, zodError: null, reason: null },
    },
  };
}

export function earlyRateLimitHook(options: {
  limits: RateLimits;
  restRoutes: readonly RestRoute[];
  /** Every domain's procedures: their limit is in each procedure's meta. */
  procedures: Readonly<Record<string, Readonly<Record<string, { _def: { meta?: unknown } }>>>>;
}) {
  const { limits } = options;
  const restGroups = new Map<string, RateLimitGroup>();
  for (const route of options.restRoutes) {
    if (route.rateLimit) restGroups.set(`${route.method} /api${route.path}`, route.rateLimit);
  }
  const procedureGroups = new Map<string, RateLimitGroup>();
  for (const [domain, group] of Object.entries(options.procedures)) {
    for (const [name, procedure] of Object.entries(group)) {
      const rateLimit = (procedure._def.meta as Meta | undefined)?.rateLimit;
      if (rateLimit) procedureGroups.set(`${domain}.${name}`, rateLimit);
    }
  }

  /**
   * A REST call: refused, it is answered here with the body and headers the error handler gives a
   * RateLimitedError (no error object, no rejected promise: a refusal is the cheap path, ADR 043).
   */
  function restCall(group: RateLimitGroup, request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const retryAfterSeconds = limits.take(group, request.ip);
    if (retryAfterSeconds !== null) {
      reply.header('retry-after', retryAfterSeconds);
      sendError(reply, 429, MSG.tooManyRequests);
      return;
    }
    request.earlyLimits = new EarlyLimits();
    request.earlyLimits.add(group, null);
    done();
  }

  function trpcRequest(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    // Checked already by the first hook (app.ts): known names, not too many.
    const names = trpcCallNames(request.url) ?? [];
    const early = new EarlyLimits();
    const refusals: (RateLimitedError | null)[] = [];
    for (const name of names) {
      const group = procedureGroups.get(name);
      const retryAfterSeconds = group ? limits.take(group, request.ip) : null;
      const outcome = retryAfterSeconds === null ? null : new RateLimitedError(retryAfterSeconds);
      if (group) early.add(group, outcome);
      refusals.push(outcome);
    }
    request.earlyLimits = early;
    if (names.length === 0 || refusals.some((outcome) => outcome === null)) {
      done();
      return;
    }
    const first = refusals[0]!;
    const answers = names.map((name, index) => trpcRefusal(refusals[index]!, name));
    const batched = /[?&]batch=1(&|$)/.test(request.url);
    reply
      .code(429)
      .header('retry-after', first.retryAfterSeconds)
      .header('cache-control', 'no-store')
      .send(batched ? answers : answers[0]);
  }

  /**
   * An `onRoute` hook: the limit is a hook of the routes that have one (each REST route with a
   * limit group, the tRPC route), so every other request (the health poll, pages, files) runs no
   * hook and builds no route key for it (ADR 043). A route's own `onRequest` hooks run after the
   * app's, so the origin and tRPC name checks still come first.
   */
  return function addEarlyRateLimit(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Callback style: an answered request never calls `done`, so the route stops here.
    let hook: onRequestHookHandler | undefined;
    if (route.url.startsWith('/trpc/')) hook = trpcRequest;
    else {
      const group = methods
        .map((method) => restGroups.get(`${method} ${route.url}`))
        .find((found) => found !== undefined);
      if (group) hook = (request, reply, done) => restCall(group, request, reply, done);
    }
    if (!hook) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  };
}
