/**
 * Security headers (Helmet) with a Content-Security-Policy the SPA passes: pages get Helmet's full
 * set, JSON answers (`/api`, `/trpc`) a stricter, smaller one, chosen by URL for every request (a
 * 404 under /api included). Each set is a Helmet middleware built once at start and run on the
 * reply's own response: `@fastify/helmet` builds a new Helmet on every request, which cost 10–30 µs
 * of every answer (docs/decisions/047-maintained-libraries.md, "Security headers").
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../env';

/** A set of security headers: Helmet's middleware for one configuration, built once. */
export type SecurityHeaders = ReturnType<typeof helmet>;

/** Sets a set's headers on the reply's response (Helmet sets them on the Node response itself). */
export function applySecurityHeaders(headers: SecurityHeaders, reply: FastifyReply): void {
  // Static directives only: Helmet reports no error through `next` (a bad configuration throws
  // where the set is built, at start).
  headers(reply.request.raw, reply.raw, () => {});
}

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

/** The pages' options: Helmet's full set with the SPA's CSP; HSTS only means something over https. */
function pageOptions(env: Env, directives = cspDirectives(env)): HelmetOptions {
  return {
    contentSecurityPolicy: { directives },
    strictTransportSecurity: env.publicUrl.startsWith('https://'),
  };
}

/**
 * The pages' headers for a document that carries inline scripts of its own: the public pages the
 * server renders hold the router's hydration data as inline scripts (ADR 040), allowed by their
 * SHA-256 hashes (`'sha256-…'`) and nothing else inline. Built once per kept page.
 */
export function pageHeadersAllowing(env: Env, scriptHashes: string[]): SecurityHeaders {
  const directives = cspDirectives(env);
  const scriptSrc = [...directives.scriptSrc, ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  return helmet(pageOptions(env, { ...directives, scriptSrc }));
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

export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const pageHeaders = helmet(pageOptions(env));
  // JSON answers: the set OWASP's REST cheat sheet lists (no framing, no sniffing, no referrer,
  // a CSP that allows nothing); the document-only policies would only add bytes to every answer.
  const apiHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: env.publicUrl.startsWith('https://'),
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: { action: 'deny' },
  });
  // One hook for every answer, routes or not: an unknown /api path is still a JSON answer.
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(isApiAnswer(request.url) ? apiHeaders : pageHeaders, reply);
    done();
  });
}
