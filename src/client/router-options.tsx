/**
 * The router's options, shared by the app's router (router.tsx) and the server's
 * (prerender/render-page.tsx): the pending component decides where the router puts Suspense
 * boundaries, so both must have the same for the served markup to hydrate.
 */
import { PageLoading } from './components/ui/PageLoading';
import { routeTree } from './routeTree.gen';

export const routerOptions = {
  routeTree,
  defaultPreload: 'intent',
  // Guards and loaders read TanStack Query's cache (the settings' loaders give it back as their
  // data): a preloaded match is not kept, the next navigation asks the cache again.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageLoading />,
} as const;
