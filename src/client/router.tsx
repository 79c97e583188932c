import { hashKey } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import type { PublicUser } from '../shared/auth-schemas';
import { trpcStatus } from './lib/errors';
import { queryClient, trpc, trpcUtils } from './lib/trpc';
import { carryQueryCache, routerOptions } from './router-options';

/**
 * A page the server rendered (its starter script is `#app-boot`) is on screen before the app runs,
 * and the person may have scrolled it meanwhile. The router's first render, when React adopts that
 * page, keeps the place: the router would scroll to the top, moving the button under a thumb.
 * Every later navigation restores or resets the scroll as usual.
 */
let adoptingServedPage = typeof document !== 'undefined' && document.getElementById('app-boot') !== null;

export const router = createRouter({
  ...routerOptions,
  context: { queryClient, trpc: trpcUtils },
  scrollRestoration: () => {
    if (!adoptingServedPage) return true;
    adoptingServedPage = false;
    return false;
  },
});
carryQueryCache(router, queryClient);

/**
 * A session can end behind the client's back (expired, or ended in another tab). When any query
 * answers 401, or a background re-check of `auth.me` finds a different person (or nobody), the
 * guards run again and send the visitor where they now belong (usually /login). Changes the app
 * makes itself (login, logout: `setData`, marked `manual`) navigate on their own.
 */
const sessionQueryHash = hashKey(getQueryKey(trpc.auth.me, undefined, 'query'));
const sessionKey = (user: PublicUser | null | undefined) => (user ? `${user.id}:${user.role}` : '');
let lastSession: string | undefined;
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated') return;
  const { action } = event;
  if (
    action.type === 'error' &&
    trpcStatus(action.error) === 401 &&
    event.query.queryHash !== sessionQueryHash
  ) {
    trpcUtils.auth.me.setData(undefined, null);
    void router.invalidate();
    return;
  }
  if (action.type !== 'success' || event.query.queryHash !== sessionQueryHash) return;
  const current = sessionKey(action.data as PublicUser | null);
  const changed = !action.manual && lastSession !== undefined && lastSession !== current;
  lastSession = current;
  if (changed) void router.invalidate();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
