/**
 * The context an operation runs in, built from one HTTP request for both transports: who is
 * calling (resolved once per request in app.ts), from which address, the visitor key, and how a
 * session is opened and ended — a cookie for the browser's tRPC calls, the token in the answer
 * for REST callers.
 *
 * A class rather than an object of closures: it is built for every API request, and its methods
 * live once on the prototype (call them as `ctx.visitorKey()`; the linter refuses detaching them).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, anonymous, type RequestAuth } from '../identity/request-auth';
import type { Env } from '../env';
import type { Access, CallerFor, IssuedSession } from '../operations/define';
import type { RateLimits } from '../operations/rate-limits';
import type { AuthorizedContext, EarlyLimitOutcomes } from '../operations/run';
import type { Services } from '../services';

/** Cookie that identifies a visitor for "one click per visitor per day" (an opaque hash, no personal data). */
export const VISITOR_COOKIE = 'confraria_visitor';
const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;
const VISITOR_KEY = /^[a-f0-9]{64}$/;

/**
 * Whether the browser reached us over https: the public URL says so, or the request itself came
 * in over TLS (directly, or through a trusted proxy's `X-Forwarded-Proto`, which Fastify reads
 * into `request.protocol` only when `TRUST_PROXY` is set).
 */
function isHttps(request: FastifyRequest, env: Env): boolean {
  return env.publicUrl.startsWith('https://') || request.protocol === 'https';
}

/** How the transport hands a session over: a browser cookie (tRPC) or the answer's `token` (REST). */
export type SessionDelivery = 'cookie' | 'answer';

export class HttpCallContext implements AuthorizedContext {
  readonly auth: RequestAuth;
  readonly ip: string;
  readonly earlyLimits: EarlyLimitOutcomes | null;
  /** The token of a session opened during the call, when the transport answers it (REST). */
  issuedToken: string | undefined;

  constructor(
    readonly services: Services,
    readonly limits: RateLimits,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    public user: CallerFor<Access>,
    private readonly delivery: SessionDelivery,
  ) {
    this.auth = request.auth;
    this.ip = request.ip;
    this.earlyLimits = request.earlyLimits;
  }

  /** The visitor is the cookie we gave them, or (first visit, or cookies off) their IP and browser. */
  visitorKey(): string {
    const known = this.request.cookies[VISITOR_COOKIE];
    if (known && VISITOR_KEY.test(known)) return known;
    const key = createHash('sha256')
      .update(`${this.request.ip}|${this.request.headers['user-agent'] ?? ''}`)
      .digest('hex');
    this.reply.setCookie(VISITOR_COOKIE, key, {
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(this.request, this.services.env),
      path: '/',
      maxAge: VISITOR_MAX_AGE_S,
    });
    return key;
  }

  issueSession(session: IssuedSession): void {
    if (this.delivery === 'answer') {
      this.issuedToken = session.token;
      return;
    }
    this.reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(this.request, this.services.env),
      path: '/',
      expires: session.expiresAt,
    });
  }

  endSession(): void {
    if (this.request.cookies[SESSION_COOKIE] !== undefined) {
      this.reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  }

  /** This context as tRPC's middlewares need it (see `plainCallContext`). */
  plain(): AuthorizedContext {
    return plainCallContext(this);
  }
}

export type CallContextFactory = (
  request: FastifyRequest,
  reply: FastifyReply,
  delivery: SessionDelivery,
  user?: CallerFor<Access>,
) => HttpCallContext;

export function createCallContextFactory(services: Services, limits: RateLimits): CallContextFactory {
  // Until an access check says more, the caller is whoever the request authenticated (public access).
  return (request, reply, delivery, user = request.auth.user) =>
    new HttpCallContext(services, limits, request, reply, user, delivery);
}

/**
 * The same context as a plain object, for tRPC: its middlewares copy the context object for every
 * call (so each call of a batch has its own caller), and a copy keeps own properties only.
 */
export function plainCallContext(context: HttpCallContext): AuthorizedContext {
  return {
    services: context.services,
    limits: context.limits,
    earlyLimits: context.earlyLimits,
    auth: context.auth,
    ip: context.ip,
    user: context.user,
    visitorKey: () => context.visitorKey(),
    issueSession: (session) => context.issueSession(session),
    endSession: () => context.endSession(),
  };
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
