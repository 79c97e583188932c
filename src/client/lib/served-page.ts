/**
 * The public pages the server renders (ADR 040): what the server's render starts from, and the
 * hand-over of the page's controls once React has adopted them in the browser.
 */
import { useEffect } from 'react';
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

/**
 * The page's frame calls this: its effect runs once React has adopted (hydrated) the frame and
 * everything in it — the whole page, its forms included — and gives back the controls that the
 * starter (src/client/prerender/boot.ts) disabled until then. In the app's own navigation there
 * are none, and it does nothing.
 */
export function useServedControlsHandOver(): void {
  useEffect(() => {
    for (const control of document.querySelectorAll<HTMLButtonElement>('[data-boot-disabled]')) {
      control.disabled = false;
      delete control.dataset.bootDisabled;
    }
  }, []);
}
