/**
 * Security headers (`@fastify/helmet`) with a Content-Security-Policy the SPA passes: pages get
 * Helmet's full set, JSON answers (`/api`, `/trpc`) a stricter, smaller one, chosen by URL for
 * every request (a 404 under /api included) through `reply.helmet()`
 * (docs/decisions/010-security-headers.md).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Env } from '../env';

/** Helmet's options, as `reply.helmet()` takes them. */
export type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;

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

/** JSON answers (`/api`, `/trpc`) are never rendered as documents; the API docs UI is a page. */
const isApiAnswer = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/trpc/')) && !url.startsWith('/api/docs');

/**
 * The pages' CSP for a document that carries inline scripts of its own: the public pages the
 * server renders hold the router's hydration data as inline scripts (ADR 040), allowed by their
 * SHA-256 hashes (`'sha256-…'`) and nothing else inline. Given to `reply.helmet()` for that answer.
 */
export function pageHelmetAllowing(env: Env, scriptHashes: string[]): HelmetOptions {
  const directives = cspDirectives(env);
  const scriptSrc = [...directives.scriptSrc, ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  return { contentSecurityPolicy: { directives: { ...directives, scriptSrc } } };
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

/**
 * Drops DOCUMENT_ONLY_HEADERS from a reply that serves a file of the build's scripts or styles.
 * Helmet sets its headers on the Node response itself, where Fastify's `removeHeader` does not look.
 */
export function withoutDocumentHeaders(reply: FastifyReply): void {
  for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
}

export async function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const https = env.publicUrl.startsWith('https://');
  // Pages: Helmet's full set with the SPA's CSP. HSTS only means something over https.
  // Not `global`: the hook below picks the set by URL, which a route's own `helmet` option cannot
  // do for the answers no route matches (an unknown /api path is still a JSON answer).
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: { directives: cspDirectives(env) },
    strictTransportSecurity: https,
  });
  // JSON answers: the set OWASP's REST cheat sheet lists (no framing, no sniffing, no referrer,
  // a CSP that allows nothing); the document-only policies would only add bytes to every answer.
  // `reply.helmet(options)` lays these over the pages' options, so each of those is replaced here.
  const apiOptions: HelmetOptions = {
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
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) reply.helmet(apiOptions);
    else reply.helmet();
    done();
  });
}
