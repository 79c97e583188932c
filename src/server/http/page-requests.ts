/**
 * Which requests get a page. Every GET or HEAD for a path of the app answers HTML, whatever its
 * `Accept` header says: uptime monitors and `curl` send `*\/*` or nothing, and a site that answers
 * them 404 looks down. The server's own namespaces (`/api`, `/trpc`) and the built files
 * (`/assets/…`, or any last segment with an extension, such as `/favicon.png`) are never a page:
 * a missing chunk or API path stays a real JSON 404.
 */
import type { FastifyRequest } from 'fastify';

const SERVER_PREFIXES = ['/api/', '/trpc/', '/assets/'];
const SERVER_PATHS = ['/api', '/trpc'];

export function isPagePath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  if (SERVER_PATHS.includes(pathname) || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix)))
    return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

export function isPageRequest(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
}
