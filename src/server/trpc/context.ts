/**
 * tRPC context in two parts (tRPC's Fastify example): the inner part needs no request and is what
 * tests pass to `createCaller`; the request part adds the session cookie controls of one request.
 */
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { anonymous, type RequestAuth } from '../auth/request-auth';
import type { Services } from '../services';

export interface SessionCookieControl {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface InnerContext {
  services: Services;
  auth: RequestAuth;
  ip: string;
  sessionCookie: SessionCookieControl;
}

const noCookies: SessionCookieControl = { set() {}, clear() {} };

export function createInnerContext(
  services: Services,
  overrides: Partial<Omit<InnerContext, 'services'>> = {},
): InnerContext {
  return { services, auth: anonymous, ip: '127.0.0.1', sessionCookie: noCookies, ...overrides };
}

export function createRequestContextFactory(
  services: Services,
  cookieControl: (reply: CreateFastifyContextOptions['res']) => SessionCookieControl,
) {
  return ({ req, res }: CreateFastifyContextOptions): InnerContext => ({
    services,
    auth: req.auth,
    ip: req.ip,
    sessionCookie: cookieControl(res),
  });
}

export type Context = InnerContext;
