import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AppErrorPage } from '../components/status/AppErrorPage';
import { NotFoundPage } from '../components/status/NotFoundPage';
import { InstallBanner } from '../components/public/InstallBanner';
import { DeferredToaster } from '../components/ui/DeferredToaster';
import { needsDataLayer, type DataLayerSource } from '../lib/data-layer';

export interface RouterContext {
  /** TanStack Query's cache and the tRPC client, loaded by the pages that need them (ADR 055). */
  dataLayer: DataLayerSource;
}

/**
 * The root stays light: area layouts (admin, member) and their pages load as their own chunks.
 * Unknown paths are sent to / by the catch-all route (`$.tsx`); the not-found screen here serves
 * routes whose data does not exist.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  // Before any guard or loader: the pages that use the data layer have it (nothing is returned,
  // so nothing of it goes into a served page's state).
  beforeLoad: async ({ context, matches }) => {
    if (needsDataLayer(matches.map((match) => match.staticData))) await context.dataLayer.load();
  },
  component: RootLayout,
  errorComponent: AppErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <DataLayerProviders>
        <Outlet />
      </DataLayerProviders>
      <InstallBanner />
      <DeferredToaster />
    </>
  );
}

/**
 * The data layer's providers around the pages, from the first page that needs them on. They appear
 * only when the page changes (to one that needs them), never while a page is on screen: loaded by
 * a form's send or a hovered link's preload, they would otherwise remount the page, and the form
 * being typed in with it. Once there, they stay (taking them away would remount the next page).
 */
function DataLayerProviders({ children }: { children: ReactNode }) {
  const { dataLayer } = Route.useRouteContext();
  const needed = useMatches({
    select: (matches) => needsDataLayer(matches.map((match) => match.staticData)),
  });
  const [provided, setProvided] = useState(false);
  const layer = dataLayer.current();
  if (!layer || !(needed || provided)) return children;
  if (!provided) setProvided(true);
  return <layer.Providers>{children}</layer.Providers>;
}
