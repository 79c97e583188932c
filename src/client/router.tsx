import { hashKey } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import type { PublicUser } from '../shared/auth-schemas';
import { PageLoading } from './components/ui/PageLoading';
import { trpcStatus } from './lib/errors';
import { queryClient, trpc, trpcUtils } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc: trpcUtils },
  defaultPreload: 'intent',
  // Guards and loaders read TanStack Query's cache; the router keeps no second copy.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageLoading />,
  scrollRestoration: true,
});

/**
 * A session can end behind the client's back (expired, or ended in another tab). When any query
 * answers 401, or a re-check of `auth.me` finds a different person (or nobody), the guards run
 * again and send the visitor where they now belong (usually /login).
 */
const sessionQueryHash = hashKey(getQueryKey(trpc.auth.me, undefined, 'query'));
const sessionKey = (user: PublicUser | null | undefined) => (user ? `${user.id}:${user.role}` : '');
let lastSession: string | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated') return;
  if (event.action.type === 'error' && trpcStatus(event.action.error) === 401) {
    trpcUtils.auth.me.setData(undefined, null);
    return;
  }
  if (event.action.type !== 'success' || event.query.queryHash !== sessionQueryHash) return;
  const current = sessionKey(event.action.data as PublicUser | null);
  const changed = lastSession !== undefined && lastSession !== current;
  lastSession = current;
  if (changed) void router.invalidate();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
