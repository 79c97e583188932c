/** The typed tRPC client. Only the router's type crosses from the server (type-only import). */
import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

const NO_RETRY_STATUSES = new Set([401, 403, 404]);
const httpStatusOf = (error: unknown): number | undefined =>
  (error as TRPCClientError<AppRouter>).data?.httpStatus;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Authorisation failures are answers, not hiccups: do not retry them.
      retry: (failureCount, error) =>
        !(error instanceof TRPCClientError && NO_RETRY_STATUSES.has(httpStatusOf(error) ?? 0)) &&
        failureCount < 2,
    },
  },
});

export const trpcClient = trpc.createClient({
  links: [httpBatchLink({ url: '/trpc' })],
});

/** Query helpers usable outside React (route loaders and guards). */
export const trpcUtils = createTRPCQueryUtils({ client: trpcClient, queryClient });
export type TrpcUtils = typeof trpcUtils;
