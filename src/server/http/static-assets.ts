/**
 * The built React bundle:
 * - files are compressed at build time (scripts/compress-assets.mjs) and the brotli or gzip copy is
 *   served to a browser that accepts it (`Content-Encoding`, `Vary: Accept-Encoding`);
 * - hashed files under /assets/ never change under their name: cached for a year, immutable, and
 *   without the validators (`etag`, `last-modified`) that nothing revalidates; the scripts and
 *   stylesheets among them go without the document-only security headers;
 * - everything else (icons, manifest, service worker, the pages) is revalidated on every use;
 * - the SPA fallback: a GET or HEAD for a page path (page-requests.ts) answers the app's page,
 *   whatever its Accept header; anything else that matches nothing is a JSON 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Env } from '../env';
import { sendError } from './errors';
import { readAppPage } from './app-page';
import { isPageRequest } from './page-requests';
import { withoutDocumentHeaders } from './security-headers';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export async function registerClient(app: FastifyInstance, clientDir: string, env: Env) {
  const appPage = readAppPage(clientDir, env);
  const hasClient = appPage !== null;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(`${clientDir}/assets/`);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        // An immutable file is never revalidated: its validators would only cost every answer
        // ~75 bytes of headers (about 1 KB of a form page's first load, docs/performance.md,
        // "Page weight"). Everything else keeps them for its revalidation.
        if (hashed) {
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        }
        // Decided by the file served (or its compressed copy), never by the URL: only the build's
        // scripts and stylesheets.
        if (hashed && /\.(?:js|css)(?:\.br|\.gz)?$/.test(filePath)) withoutDocumentHeaders(reply);
      },
      // The compressed copies are reached through content negotiation, not by their own names.
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasClient && isPageRequest(request)) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(appPage);
    }
    return sendError(reply, 404, MSG.notFound);
  });
}
