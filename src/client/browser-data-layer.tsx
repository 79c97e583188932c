/**
 * The browser's data layer (lib/data-layer.ts), loaded on demand: the app's query cache and tRPC
 * client, their providers, the query cache's hand-over from a served page, and the session watch.
 */
import { hashKey } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import type { ReactNode } from 'react';
import type { PublicUser } from '../shared/auth-schemas';
import { App } from './app';
import { carryQueryCache } from './lib/carry-query-cache';
import type { DataLayer } from './lib/data-layer';
import { trpcStatus } from './lib/errors';
import { queryClient, trpc, trpcClient, trpcUtils } from './lib/trpc';

function Providers({ children }: { children: ReactNode }) {
  return (
    <App queryClient={queryClient} trpcClient={trpcClient}>
      {children}
    </App>
  );
}

/** Joins the layer to the app's router: called once, when the layer is loaded. */
export function attachDataLayer(router: AnyRouter): DataLayer {
  carryQueryCache(router, queryClient);
  watchSession(router);
  return { queryClient, trpc: trpcUtils, trpcClient, Providers };
}

/**
 * A session can end behind the client's back (expired, or ended in another tab). When any query
 * answers 401, or a background re-check of `auth.me` finds a different person (or nobody), the
 * guards run again and send the visitor where they now belong (usually /login). Changes the app
 * makes itself (login, logout: `setData`, marked `manual`) navigate on their own.
 */
function watchSession(router: AnyRouter): void {
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
}
