/**
 * Security headers (Helmet) with a Content-Security-Policy the SPA passes. Helmet decides the
 * headers once, at start; every reply then gets that precomputed set. `@fastify/helmet` builds a
 * new Helmet instance on every request, which the bench measured at about half the cost of a small
 * answer (docs/decisions/010-security-headers.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

export function cspDirectives(env: Env) {
  const dev = env.NODE_ENV === 'development';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: env.publicUrl.startsWith('https://') ? [] : null,
  };
}

/**
 * Runs Helmet once against a recording response and returns the headers it sets: they depend
 * only on the configuration, so every reply can get the same precomputed set.
 */
function helmetHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const applyHeaders = helmet({ contentSecurityPolicy: { directives: cspDirectives(env) } });
  applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const headers = helmetHeaders(env);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
