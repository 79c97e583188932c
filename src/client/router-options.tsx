/**
 * The router's options, shared by the app's router (router.tsx) and the server's
 * (prerender/render-page.tsx): the pending component decides where the router puts Suspense
 * boundaries, so both must have the same for the served markup to hydrate.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { PageLoading } from './components/ui/PageLoading';
import { routeTree } from './routeTree.gen';

export const routerOptions = {
  routeTree,
  defaultPreload: 'intent',
  // Guards and loaders read TanStack Query's cache; the router keeps no second copy.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageLoading />,
} as const;

/**
 * The query cache travels with the router's own state (ADR 040): dehydrated into the page the
 * server renders, hydrated before the browser's first render. The app's providers (app.tsx) give
 * the cache to the tree, and redirects are the guards' business, as before.
 */
export function carryQueryCache(router: AnyRouter, queryClient: QueryClient): void {
  setupRouterSsrQueryIntegration({ router, queryClient, handleRedirects: false, wrapQueryClient: false });
}
