/**
 * The app's providers around its router, the same in the browser (main.tsx) and in the server's
 * render of the public pages (prerender/render-page.tsx), so the browser's first render matches
 * the served markup. `children` is the router's entry point: `RouterProvider` in the app,
 * `RouterServer` on the server, `RouterClient` when the browser hydrates a served page.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc, type trpcClient as appTrpcClient } from './lib/trpc';

export function App({
  queryClient,
  trpcClient,
  children,
}: {
  queryClient: QueryClient;
  trpcClient: typeof appTrpcClient;
  children: ReactNode;
}) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
