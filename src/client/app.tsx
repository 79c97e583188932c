/**
 * The app's React tree, the same in the browser (main.tsx) and in the pre-render of the public
 * pages (prerender/render-page.tsx), so the browser's first render matches the served markup.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { trpc, type trpcClient as appTrpcClient } from './lib/trpc';

export function App({
  router,
  queryClient,
  trpcClient,
  onMounted,
}: {
  router: AnyRouter;
  queryClient: QueryClient;
  trpcClient: typeof appTrpcClient;
  /** Called once the app's tree has mounted (its shell: boundaries inside may hydrate later). */
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
