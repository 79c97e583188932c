/**
 * Builds the context an operation runs in from one HTTP request, for both transports: who is
 * calling (resolved once per request in app.ts), from which address, the visitor key, and how a
 * session is opened and ended — a cookie for the browser's tRPC calls, the token in the answer
 * for REST callers (the REST adapter passes its own `issueSession`).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, anonymous, type RequestAuth } from '../auth/request-auth';
import type { Env } from '../env';
import type { Access, CallerFor, IssuedSession } from '../operations/define';
import type { RateLimits } from '../operations/rate-limits';
import type { AuthorizedContext } from '../operations/run';
import type { Services } from '../services';

/** Cookie that identifies a visitor for "one click per visitor per day" (an opaque hash, no personal data). */
export const VISITOR_COOKIE = 'confraria_visitor';
const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;
const VISITOR_KEY = /^[a-f0-9]{64}$/;

/** The caller once authorized (REST passes it; tRPC's access middleware adds it later). */
export interface Caller {
  user: CallerFor<Access>;
  issueSession?: (session: IssuedSession) => void;
}

export type CallContextFactory = (
  request: FastifyRequest,
  reply: FastifyReply,
  caller?: Caller,
) => AuthorizedContext;

/**
 * Whether the browser reached us over https: the public URL says so, or the request itself came
 * in over TLS (directly, or through a trusted proxy's `X-Forwarded-Proto`, which Fastify reads
 * into `request.protocol` only when `TRUST_PROXY` is set).
 */
function isHttps(request: FastifyRequest, env: Env): boolean {
  return env.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/** The visitor is the cookie we gave them, or (first visit, or cookies off) their IP and browser. */
function visitorKeyOf(request: FastifyRequest, reply: FastifyReply, env: Env): string {
  const known = request.cookies[VISITOR_COOKIE];
  if (known && VISITOR_KEY.test(known)) return known;
  const key = createHash('sha256')
    .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
    .digest('hex');
  reply.setCookie(VISITOR_COOKIE, key, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, env),
    path: '/',
    maxAge: VISITOR_MAX_AGE_S,
  });
  return key;
}

export function createCallContextFactory(services: Services, limits: RateLimits): CallContextFactory {
  const { env } = services;
  return (request, reply, caller) => ({
    services,
    limits,
    auth: request.auth,
    user: caller?.user ?? null,
    ip: request.ip,
    visitorKey: () => visitorKeyOf(request, reply, env),
    issueSession:
      caller?.issueSession ??
      ((session) => {
        reply.setCookie(SESSION_COOKIE, session.token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps(request, env),
          path: '/',
          expires: session.expiresAt,
        });
      }),
    endSession: () => {
      if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  });
}

/** A context with no request behind it: tests' `createCaller`, scripts. Sessions go nowhere. */
export function detachedCallContext(
  services: Services,
  limits: RateLimits,
  auth: RequestAuth = anonymous,
): AuthorizedContext {
  return {
    services,
    limits,
    auth,
    user: auth.user,
    ip: '127.0.0.1',
    visitorKey: () => 'detached',
    issueSession: () => {},
    endSession: () => {},
  };
}
