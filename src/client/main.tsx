import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { handOverServedPage, readPrerenderState, seedPrerenderState } from './lib/prerender-state';
import { queryClient, trpcClient, trpcUtils } from './lib/trpc';
import { router } from './router';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} trpcClient={trpcClient} onMounted={handOverServedPage} />
  </StrictMode>
);

const state = readPrerenderState();
if (state && root.firstElementChild) {
  // A public page the server rendered (ADR 024): the same data in the cache, the route's code and
  // data loaded, then React adopts the served markup. `router.ssr` makes the router lay out its
  // boundaries as it did on the server (as TanStack's own hydration does, for the whole visit).
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already on screen).
  seedPrerenderState(trpcUtils, state);
  router.ssr = { manifest: undefined };
  void router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Another page's markup (the service worker's offline copy) is not adopted.
  root.replaceChildren();
  createRoot(root).render(app);
}
