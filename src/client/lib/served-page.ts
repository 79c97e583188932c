/**
 * The public pages the server renders (ADR 040): what the server's render starts from, and the word
 * to the starter that React has adopted the page.
 */
import { useEffect } from 'react';
import type { TrpcUtils } from './trpc';

/** Sent on `document` once the page's frame and its forms are React's (src/client/prerender/boot.ts). */
export const PAGE_ADOPTED_EVENT = 'confraria:page-adopted';

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

/**
 * The page's frame calls this: its effect runs once React has adopted (hydrated) the frame and
 * everything in it, its forms included. The starter then sends again a form the person sent
 * before that (the click is theirs; only the app could not answer it yet). In the app's own
 * navigation nothing waits, and the event finds no listener.
 */
export function useServedPageAdopted(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(PAGE_ADOPTED_EVENT));
  }, []);
}
