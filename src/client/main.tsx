import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { queryClient, trpcClient } from './lib/trpc';
import { router } from './router';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

if (root.firstElementChild) {
  // A public page the server rendered (ADR 040): the router hydrates its state and the query
  // cache from the page, loads the route's code, then React adopts the served markup. As a
  // transition, hydration yields to the browser every few milliseconds (the page is on screen).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} trpcClient={trpcClient}>
          <RouterClient router={router} />
        </App>
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>,
  );
}
