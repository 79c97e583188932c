/**
 * Installable app, without React (the pre-rendered landing's enhancer uses it too): the service
 * worker registration, the browser's install offer and the remembered "Agora não".
 *
 * Registers the service worker (production builds only: in development it would serve stale
 * modules) and hands it the assets this page already loaded, so the first visit's code is
 * available offline too.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(async () => {
        const registration = await navigator.serviceWorker.ready;
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(window.location.origin));
        // Workbox's own message: the worker keeps those of its routes (code, icons, images).
        registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
      })
      .catch(() => {
        // Without a service worker the site still works online; nothing to tell the visitor.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The event Chromium fires when the site can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/*
 * The browser may offer installation before the page's code is ready, so the offer is caught as
 * soon as this module loads (it is part of the entry chunk) and kept here for the banner.
 */
let installOffer: BeforeInstallPromptEvent | null = null;
const offerListeners = new Set<() => void>();
const notifyOffer = () => offerListeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own banner replaces the browser's mini-infobar
    installOffer = event as BeforeInstallPromptEvent;
    notifyOffer();
  });
  window.addEventListener('appinstalled', () => {
    installOffer = null;
    notifyOffer();
  });
}

export const installOfferStore = {
  subscribe: (listener: () => void) => {
    offerListeners.add(listener);
    return () => {
      offerListeners.delete(listener);
    };
  },
  get: () => installOffer,
  clear: () => {
    installOffer = null;
    notifyOffer();
  },
};

export const INSTALL_DISMISSED_KEY = 'confraria:install-dismissed';

export function installDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the banner simply comes back next time.
  }
}

/** Whether the banner should show: the browser offers installation and it was not turned down. */
export function installBannerWanted(): boolean {
  return installOffer !== null && !installDismissed();
}

/** "Instalar App": the browser's own prompt; turning it down there counts as "Agora não". */
export async function acceptInstallOffer(): Promise<void> {
  const offer = installOffer;
  if (!offer) return;
  installOfferStore.clear();
  await offer.prompt();
  const choice = await offer.userChoice.catch(() => null);
  if (choice?.outcome === 'dismissed') rememberInstallDismissed();
}

/** "Agora não": remembered, so the banner does not come back. */
export function dismissInstallOffer(): void {
  rememberInstallDismissed();
  installOfferStore.clear();
}
