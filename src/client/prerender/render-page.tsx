/**
 * The server's renderer of the public pages (ADR 040), with TanStack Router's documented server
 * entry points: `createRequestHandler` matches and loads the requested URL on a fresh router (the
 * app's route tree and options), dehydrates its state and the query cache into the page, and
 * `renderRouterToString` renders the whole document (Document.tsx) with `RouterServer`.
 * scripts/build-page-renderer.ts builds this for Node into dist/prerender/;
 * src/server/http/prerendered-pages.ts loads it and calls `renderPage`.
 *
 * Nothing here fetches: the query cache starts with what the server knows (the public settings,
 * and that nobody is signed in), where the routes' guards and loaders find it. The data layer's
 * providers are given by the root route (routes/__root.tsx), to the pages that use it. A redirect, a
 * not-found or an error gives null (the app decides).
 */
import { createRouter } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { ReactNode } from 'react';
import { STATIC_PATHS, type PageRenderer, type PageRequest } from '../../shared/prerender';
import { App } from '../app';
import { carryQueryCache } from '../lib/carry-query-cache';
import { loadedDataLayer, needsDataLayer } from '../lib/data-layer';
import { seedServerQueryCache } from '../lib/served-page';
import { createQueryClient, trpcClient } from '../lib/trpc';
import { routerOptions } from '../router-options';
import { Document } from './Document';

export const renderPage: PageRenderer['renderPage'] = async (page: PageRequest) => {
  const queryClient = createQueryClient();
  const url = new URL(page.url, 'http://localhost');
  const handler = createRequestHandler({
    request: new Request(url),
    createRouter: () => {
      const trpcUtils = createTRPCQueryUtils({ client: trpcClient, queryClient });
      seedServerQueryCache(trpcUtils, page.settings);
      const Providers = ({ children }: { children: ReactNode }) => (
        <App queryClient={queryClient} trpcClient={trpcClient}>
          {children}
        </App>
      );
      const router = createRouter({
        ...routerOptions,
        // The layer is always there on the server; the root gives its providers only to the pages
        // that use it, as in the browser, so that the markup is the same.
        context: { dataLayer: loadedDataLayer({ queryClient, trpc: trpcUtils, trpcClient, Providers }) },
        // Restoring the scroll is the browser's concern: on the server it would add a script.
        scrollRestoration: false,
      });
      // The static pages are not hydrated (Document.tsx), and the pages without the data layer
      // (ADR 055) have their data in their loader's: no query cache for a browser to take over.
      const [routes] = router.getMatchedRoutes(url.pathname);
      const usesDataLayer = needsDataLayer(routes.map((route) => route.options.staticData));
      if (!STATIC_PATHS.has(page.route) && usesDataLayer) carryQueryCache(router, queryClient);
      return router;
    },
  });
  const response = await handler(({ router, responseHeaders }) =>
    renderRouterToString({
      router,
      responseHeaders,
      children: (
        <Document router={router} assets={page.assets} route={page.route} testMode={page.testMode}>
          <RouterServer router={router} />
        </Document>
      ),
    }),
  );
  // A redirect (3xx), a not-found (404) or a render error (500): the app's own page answers.
  if (response.status !== 200) return null;
  return response.text();
};
