/**
 * The state a pre-rendered page was rendered from (ADR 024), put into the query cache before the
 * first render, on the server (prerender/render-page.tsx) and in the browser (main.tsx), so that
 * both render the same markup and the browser's route loaders need no request to start.
 */
import { PRERENDER_STATE_ID, type PrerenderState } from '../../shared/prerender';
import type { TrpcUtils } from './trpc';

type PublicSettingsAnswer = Awaited<ReturnType<TrpcUtils['settings']['public']['fetch']>>;

export function seedPrerenderState(trpcUtils: TrpcUtils, state: PrerenderState): void {
  trpcUtils.settings.public.setData(undefined, state.settings as PublicSettingsAnswer);
  trpcUtils.auth.me.setData(undefined, state.me);
}

/**
 * The served page's state, when its markup was rendered for this very URL (the service worker may
 * answer another page's document offline: then the app renders from scratch).
 */
export function readPrerenderState(): PrerenderState | null {
  const element = document.getElementById(PRERENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as PrerenderState;
    const here = window.location.pathname + window.location.search;
    return state.url === here ? state : null;
  } catch {
    return null;
  }
}

/** Gives back the controls the starter (prerender/boot.ts) disabled until the app took over. */
export function releaseBootControls(): void {
  for (const control of document.querySelectorAll<HTMLButtonElement>('[data-boot-disabled]')) {
    control.disabled = false;
    delete control.dataset.bootDisabled;
  }
}
