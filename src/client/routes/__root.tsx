import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppErrorPage } from '../components/status/AppErrorPage';
import { NotFoundPage } from '../components/status/NotFoundPage';
import { InstallBanner } from '../components/public/InstallBanner';
import { DeferredToaster } from '../components/ui/DeferredToaster';
import type { TrpcUtils } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}

/**
 * The root stays light: area layouts (admin, member) and their pages load as their own chunks.
 * Unknown paths are sent to / by the catch-all route (`$.tsx`); the not-found screen here serves
 * routes whose data does not exist.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: AppErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <InstallBanner />
      <DeferredToaster />
    </>
  );
}
