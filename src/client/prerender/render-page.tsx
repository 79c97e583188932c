/**
 * The server's renderer of the public pages (ADR 040), with TanStack Router's documented server
 * entry points: `createRequestHandler` matches and loads the requested URL on a fresh router (the
 * app's route tree and options), dehydrates its state and the query cache into the page, and
 * `renderRouterToString` renders the whole document (Document.tsx) with `RouterServer`.
 * scripts/build-page-renderer.ts builds this for Node into dist/prerender/;
 * src/server/http/prerendered-pages.ts loads it and calls `renderPage`.
 *
 * Nothing here fetches: the query cache starts with what the server knows (the public settings,
 * and that nobody is signed in), where the routes' guards and loaders find it. A redirect, a
 * not-found or an error gives null (the app decides).
 */
import { createRouter } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { STATIC_PATHS, type PageRenderer, type PageRequest } from '../../shared/prerender';
import { App } from '../app';
import { seedServerQueryCache } from '../lib/served-page';
import { createQueryClient, trpcClient } from '../lib/trpc';
import { carryQueryCache, routerOptions } from '../router-options';
import { Document } from './Document';

export const renderPage: PageRenderer['renderPage'] = async (page: PageRequest) => {
  const queryClient = createQueryClient();
  const handler = createRequestHandler({
    request: new Request(new URL(page.url, 'http://localhost')),
    createRouter: () => {
      const trpcUtils = createTRPCQueryUtils({ client: trpcClient, queryClient });
      seedServerQueryCache(trpcUtils, page.settings);
      const router = createRouter({
        ...routerOptions,
        context: { queryClient, trpc: trpcUtils },
        // Restoring the scroll is the browser's concern: on the server it would add a script.
        scrollRestoration: false,
      });
      // The static pages are not hydrated (Document.tsx): no query cache for a browser to take over.
      if (!STATIC_PATHS.has(page.route)) carryQueryCache(router, queryClient);
      return router;
    },
  });
  const response = await handler(({ router, responseHeaders }) =>
    renderRouterToString({
      router,
      responseHeaders,
      children: (
        <Document router={router} assets={page.assets} route={page.route} testMode={page.testMode}>
          <App queryClient={queryClient} trpcClient={trpcClient}>
            <RouterServer router={router} />
          </App>
        </Document>
      ),
    }),
  );
  // A redirect (3xx), a not-found (404) or a render error (500): the app's own page answers.
  if (response.status !== 200) return null;
  return response.text();
};
