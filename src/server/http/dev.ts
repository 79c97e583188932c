/**
 * `npm run dev`: the same Fastify server, with Vite in middleware mode behind it so edits to
 * src/client hot-reload in the browser. Only `buildApp` calls this, and only when
 * NODE_ENV=development; production serves the built bundle (`registerClient` in app.ts).
 *
 * Vite sits in the not-found handler: every server route (/api, /trpc, /api/docs, the sandbox
 * pages, anything added later) answers first, and only requests nothing matched reach Vite (client
 * modules, /@vite/client, public files). What Vite does not serve either gets the SPA fallback:
 * index.html run through `transformIndexHtml` (HMR client, React refresh preamble). The HMR
 * WebSocket shares the server's port.
 */
import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import { PROJECT_ROOT } from '../env';
import { sendError } from './errors';
import { isPageRequest } from './page-requests';

const CLIENT_ROOT = path.join(PROJECT_ROOT, 'src/client');

export async function registerViteDevClient(app: FastifyInstance): Promise<void> {
  // Loaded lazily: Vite is a dev dependency, and production never calls this function.
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

  /** Offers the request to Vite; true when Vite answered it on the raw response. */
  const viteServes = (request: FastifyRequest, raw: ServerResponse) =>
    new Promise<boolean>((resolve, reject) => {
      const answered = () => resolve(true);
      raw.once('finish', answered);
      raw.once('close', answered);
      vite.middlewares(request.raw, raw, (error?: unknown) => {
        raw.off('finish', answered);
        raw.off('close', answered);
        if (error)
          reject(error instanceof Error ? error : new Error('vite middleware failed', { cause: error }));
        else resolve(raw.writableEnded);
      });
    });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isServerPath = url.startsWith('/api') || url.startsWith('/trpc');
    if (!isServerPath && (await viteServes(request, reply.raw))) return reply.hijack();

    // As in production: a missing asset or API path is a JSON 404, never the SPA page.
    if (!isPageRequest(request)) return sendError(reply, 404, MSG.notFound);
    const template = await fs.readFile(path.join(CLIENT_ROOT, 'index.html'), 'utf8');
    const html = await vite.transformIndexHtml(url, template);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
