/**
 * The server's renderer of the public pages (ADR 024): the app's own route tree, router and
 * providers, in memory, for one URL, with the query cache holding what the server knows (the
 * public settings, and that nobody is signed in). scripts/prerender-landing.ts builds this for
 * Node into dist/prerender/; src/server/http/prerendered-pages.ts loads it and calls `renderPage`.
 *
 * Nothing here fetches: the loaders of these pages find their data in the cache. A page whose
 * guard redirects, or that does not render a page of its own, gives null (the app decides).
 */
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { renderToString } from 'react-dom/server';
import type { PageRenderer, PrerenderState } from '../../shared/prerender';
import { App } from '../app';
import { documentTitle, takeRenderedTitle } from '../lib/document-title';
import { seedPrerenderState } from '../lib/prerender-state';
import { createQueryClient, trpcClient } from '../lib/trpc';
import { routerOptions } from '../router-options';

export const renderPage: PageRenderer['renderPage'] = async (state: PrerenderState) => {
  const queryClient = createQueryClient();
  const trpcUtils = createTRPCQueryUtils({ client: trpcClient, queryClient });
  seedPrerenderState(trpcUtils, state);
  const router = createRouter({
    ...routerOptions,
    context: { queryClient, trpc: trpcUtils },
    history: createMemoryHistory({ initialEntries: [state.url] }),
    // Restoring the scroll is the browser's concern: on the server it would add an inline script.
    scrollRestoration: false,
  });
  await router.load();
  // The router's own verdict on the server: a page to render (200), or a redirect, 404 or error.
  const result = router._serverResult;
  if (result?.type !== 'render' || result.status !== 200) return null;
  takeRenderedTitle();
  const html = renderToString(<App router={router} queryClient={queryClient} trpcClient={trpcClient} />);
  return { html, title: takeRenderedTitle() ?? documentTitle() };
};
