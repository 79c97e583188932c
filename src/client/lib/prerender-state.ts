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

/**
 * Whether React has adopted this element. Hydration goes boundary by boundary (each route sits in
 * a Suspense boundary, hydrated after the app's shell has mounted), and React marks the elements
 * it has adopted with its props (`__reactProps$…`): until then, an event on one is not React's.
 */
const adopted = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** Runs `then` for each element as soon as React has adopted it (checked every frame, for 20 s). */
function whenAdopted<T extends Element>(elements: T[], then: (element: T) => void): void {
  let waiting = elements;
  const deadline = Date.now() + 20_000;
  const check = () => {
    waiting = waiting.filter((element) => {
      if (!adopted(element) && element.isConnected && Date.now() < deadline) return true;
      then(element);
      return false;
    });
    if (waiting.length > 0) requestAnimationFrame(check);
  };
  check();
}

/**
 * Once the app has mounted: gives back the controls the starter (prerender/boot.ts) disabled, each
 * as soon as React has adopted it.
 */
export function handOverServedPage(): void {
  whenAdopted([...document.querySelectorAll<HTMLButtonElement>('[data-boot-disabled]')], (control) => {
    control.disabled = false;
    delete control.dataset.bootDisabled;
  });
}
