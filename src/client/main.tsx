import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { needsDataLayer } from './lib/data-layer';
import { router } from './router';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

/**
 * A public page the server rendered (ADR 040): the router hydrates its state (and, on the pages
 * that use the data layer, the query cache) from the page, loads the route's code, then React
 * adopts the served markup. The guards and loaders do not run again, so the data layer a page
 * needs is loaded here first (ADR 055). As a transition, hydration yields to the browser every few
 * milliseconds (the page is on screen).
 */
async function adoptServedPage(element: HTMLElement) {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  if (needsDataLayer(routes.map((route) => route.options.staticData)))
    await router.options.context.dataLayer.load();
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    );
  });
}

if (root.firstElementChild) {
  void adoptServedPage(root);
} else {
  // The app's own pages: the root route's `beforeLoad` loads the data layer the page needs.
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
