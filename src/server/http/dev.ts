/**
 * `npm run dev`: the same Fastify server, with Vite in middleware mode in front of the client so
 * edits to src/client hot-reload in the browser. Only `buildApp` calls this, and only when
 * NODE_ENV=development; production serves the built bundle (`registerClient` in app.ts).
 *
 * Requests outside /api and /trpc are offered to Vite first (modules, /@vite/client, public files);
 * what Vite does not serve reaches the SPA fallback, which answers index.html run through
 * `transformIndexHtml` (HMR client, React refresh preamble). The HMR WebSocket shares our port.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages';
import { PROJECT_ROOT } from '../env';
import { sendError } from './errors';

const CLIENT_ROOT = path.join(PROJECT_ROOT, 'src/client');

/** Paths the server answers itself; everything else may be a client module or an SPA route. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/trpc');
}

export async function registerViteDevClient(app: FastifyInstance): Promise<void> {
  // Loaded lazily: Vite is a dev dependency and production never reaches this module's body.
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
    root: CLIENT_ROOT,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (isServerPath(request.url)) {
      done();
      return;
    }
    // Vite either answers on the raw response (and Fastify must stay out of it) or calls next().
    vite.middlewares(request.raw, reply.raw, () => done());
  });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    if (isServerPath(request.url) || request.method !== 'GET' || !wantsHtml) {
      return sendError(reply, 404, MSG.notFound);
    }
    const template = await fs.readFile(path.join(CLIENT_ROOT, 'index.html'), 'utf8');
    const html = await vite.transformIndexHtml(request.url, template);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
