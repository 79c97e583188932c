/** The public pages the server renders (ADR 040): what the server's render starts from. */
import type { TrpcUtils } from './trpc';

type PublicSettingsAnswer = Awaited<ReturnType<TrpcUtils['settings']['public']['fetch']>>;

/**
 * The query cache of a server render: the `settings.public` answer and "nobody signed in", so the
 * routes' guards and loaders find their data and nothing is fetched. The router's SSR query
 * integration then dehydrates this cache into the page, and the browser's cache starts from it.
 */
export function seedServerQueryCache(trpcUtils: TrpcUtils, settings: unknown): void {
  trpcUtils.settings.public.setData(undefined, settings as PublicSettingsAnswer);
  trpcUtils.auth.me.setData(undefined, null);
}
