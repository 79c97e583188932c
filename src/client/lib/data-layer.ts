/**
 * The client's data layer — TanStack Query's cache, the tRPC client and their React providers — is
 * not part of the app's entry (ADR 055): the pages that only submit one form (`/contato`)
 * open without it, and it is loaded by the first route that needs it (the root's `beforeLoad`), by
 * the start of a served page that needs it (main.tsx), or by a form's first send.
 *
 * The router's context carries its source; guards and loaders await it. This module is in the entry:
 * it imports types only from the layer itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useRouteContext, type StaticDataRouteOption } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { TrpcUtils, trpcClient } from './trpc';

export interface DataLayer {
  queryClient: QueryClient;
  trpc: TrpcUtils;
  trpcClient: typeof trpcClient;
  /** The providers of the tRPC and TanStack Query hooks, around the pages that use them. */
  Providers: ComponentType<{ children: ReactNode }>;
}

export interface DataLayerSource {
  /** The layer, loaded on the first call (a failed load is tried again on the next). */
  load(): Promise<DataLayer>;
  /** The layer if it is already loaded. */
  current(): DataLayer | undefined;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page neither reads the query cache nor uses a tRPC hook: it opens without the data layer
     * (its settings come from its loader's data, its form loads the layer when it sends).
     */
    withoutDataLayer?: true;
  }
}

/** Whether a page made of these routes (the matched routes' `staticData`) needs the data layer. */
export function needsDataLayer(staticData: readonly (StaticDataRouteOption | undefined)[]): boolean {
  return !staticData.some((data) => data?.withoutDataLayer);
}

/** A source whose layer is already there (the server's render of a page). */
export const loadedDataLayer = (layer: DataLayer): DataLayerSource => ({
  load: () => Promise.resolve(layer),
  current: () => layer,
});

/** The data layer's source, for a component (a form that sends through tRPC). */
export function useDataLayer(): DataLayerSource {
  return useRouteContext({ from: '__root__', select: (context) => context.dataLayer });
}
