/**
 * The data layer's providers (TanStack Query and tRPC), the same in the browser
 * (browser-data-layer.tsx) and in the server's render of the public pages
 * (prerender/render-page.tsx), so the browser's first render matches the served markup. The root
 * route (routes/__root.tsx) puts them around the pages that use the data layer (ADR 055).
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
