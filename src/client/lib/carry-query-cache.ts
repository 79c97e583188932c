/**
 * The query cache travels with the router's own state (ADR 040): dehydrated into the page the
 * server renders, hydrated before the browser's first render. The providers (app.tsx) give the
 * cache to the tree, and redirects are the guards' business, as before. Only for the pages that
 * use the data layer (lib/data-layer.ts): the others carry their data in their loader's.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';

export function carryQueryCache(router: AnyRouter, queryClient: QueryClient): void {
  setupRouterSsrQueryIntegration({ router, queryClient, handleRedirects: false, wrapQueryClient: false });
}
