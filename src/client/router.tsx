import { createRouter } from '@tanstack/react-router';
import type { DataLayer, DataLayerSource } from './lib/data-layer';
import { routerOptions } from './router-options';

/**
 * A page the server rendered (its starter script is `#app-boot`) is on screen before the app runs,
 * and the person may have scrolled it meanwhile. The router's first render, when React adopts that
 * page, keeps the place: the router would scroll to the top, moving the button under a thumb.
 * Every later navigation restores or resets the scroll as usual.
 */
let adoptingServedPage = typeof document !== 'undefined' && document.getElementById('app-boot') !== null;

let layer: DataLayer | undefined;
let loading: Promise<DataLayer> | undefined;

/** The app's data layer, loaded once on first need (lib/data-layer.ts). */
const dataLayer: DataLayerSource = {
  load() {
    loading ??= import('./browser-data-layer').then(
      (module) => (layer = module.attachDataLayer(router)),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  },
  current: () => layer,
};

export const router = createRouter({
  ...routerOptions,
  context: { dataLayer },
  scrollRestoration: () => {
    if (!adoptingServedPage) return true;
    adoptingServedPage = false;
    return false;
  },
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
