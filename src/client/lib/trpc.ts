/** The typed tRPC client. Only the router's type crosses from the server (type-only import). */
import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/root';
import { TRPC_MAX_BATCH } from '../../shared/trpc';
import { ApiError } from './api';

export const trpc = createTRPCReact<AppRouter>();

const httpStatusOf = (error: unknown): number | undefined =>
  (error as TRPCClientError<AppRouter>).data?.httpStatus;

/**
 * Whether a failed query is worth asking again (twice at most). Any answer below 500 (401, 404,
 * 400, 429…), tRPC or REST, is an answer, not a hiccup: asking again at once would get the same
 * answer. Network failures and 5xx are retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError && (httpStatusOf(error) ?? 500) < 500) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's query cache settings (also the pre-render's, which needs a cache per page). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
    },
  });
}

export const queryClient = createQueryClient();

export const trpcClient = trpc.createClient({
  // The server refuses larger batches: each call counts against its rate limit.
  links: [httpBatchLink({ url: '/trpc', maxItems: TRPC_MAX_BATCH })],
});

/** Query helpers usable outside React (route loaders and guards). */
export const trpcUtils = createTRPCQueryUtils({ client: trpcClient, queryClient });
export type TrpcUtils = typeof trpcUtils;
