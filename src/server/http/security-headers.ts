/**
 * Security headers (Helmet) with a Content-Security-Policy the SPA passes. Helmet decides the
 * headers once, at start; every reply then gets that precomputed set. `@fastify/helmet` builds a
 * new Helmet instance on every request, which the bench measured at about half the cost of a small
 * answer (docs/decisions/010-security-headers.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env';

export function cspDirectives(env: Env) {
  const dev = env.NODE_ENV === 'development';
  // The checkout's browser code sends card data to Pagar.me's tokens endpoint, and nowhere else:
  // that one origin is allowed only while Pagar.me is the provider (the sandbox's is our own).
  const provider = env.paymentProvider === 'pagarme' ? [new URL(env.PAGARME_API_URL).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: dev ? ["'self'", 'ws:', 'wss:', ...provider] : ["'self'", ...provider],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: env.publicUrl.startsWith('https://') ? [] : null,
  };
}

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * Runs Helmet once against a recording response and returns the headers it sets: they depend
 * only on the configuration, so every reply can get the same precomputed set.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
  });
  return headers;
}

/** JSON answers (`/api`, `/trpc`) are never rendered as documents; the API docs UI is a page. */
const isApiAnswer = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/trpc/')) && !url.startsWith('/api/docs');

/**
 * The pages' CSP for a document that carries inline scripts of its own: the public pages the
 * server renders hold the router's hydration data as inline scripts (ADR 040), allowed by their
 * SHA-256 hashes (`'sha256-…'`) and nothing else inline. Computed once per rendered page.
 */
export function pageCspAllowing(env: Env, scriptHashes: string[]): string {
  const directives = cspDirectives(env);
  const scriptSrc = [...directives.scriptSrc, ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  return helmetHeaders({ contentSecurityPolicy: { directives: { ...directives, scriptSrc } } })[
    'content-security-policy'
  ]!;
}

/**
 * Headers that only mean something on a document (a page, or a worker for the CSP): a script or a
 * stylesheet ignores them. The build's hashed scripts and stylesheets go without them
 * (`withoutDocumentHeaders`): a form page loads about thirty such files, and these ~540 bytes each
 * were ~15 KB of its first load on the wire. What still applies to a script stays: `nosniff`, CORP,
 * the referrer policy (a module script's imports follow its response's), HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Drops DOCUMENT_ONLY_HEADERS from a reply that serves a file of the build's scripts or styles. */
export function withoutDocumentHeaders(reply: FastifyReply): void {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const https = env.publicUrl.startsWith('https://');
  // Pages: Helmet's full set with the SPA's CSP. HSTS only means something over https.
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: { directives: cspDirectives(env) },
    strictTransportSecurity: https,
  });
  // JSON answers: the set OWASP's REST cheat sheet lists (no framing, no sniffing, no referrer,
  // a CSP that allows nothing); the document-only policies would only add bytes to every answer.
  const apiHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: https,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
