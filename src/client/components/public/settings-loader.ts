/**
 * Route loaders of the public pages prefetch the club's public settings with this. Kept apart from
 * `settings.ts` so the router's entry chunk does not carry the pages' content modules.
 */
import type { TrpcUtils } from '../../lib/trpc';

/** How long the public settings are fresh (they change only from the admin's settings screen). */
export const PUBLIC_SETTINGS_STALE_MS = 5 * 60_000;

/** Never throws, so a public page opens even when the API cannot be reached (offline shell). */
export function prefetchPublicSettings(context: { trpc: TrpcUtils }): Promise<void> {
  return context.trpc.settings.public.prefetch(undefined, { staleTime: PUBLIC_SETTINGS_STALE_MS });
}
