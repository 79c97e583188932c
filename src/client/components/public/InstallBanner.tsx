/**
 * "Instalar App" banner (docs/product/public-site-and-checkout.md §2, §4): hidden → visible when the browser offers installation
 * (beforeinstallprompt, caught in pwa.ts) → installed or dismissed. "Agora não" is remembered in
 * localStorage. `InstallBanner` is mounted once in the app's root layout, which also registers the
 * service worker through it; on the pages the server renders without the app (the landing, the content pages), the view is
 * there hidden and the static pages' script (src/client/static-page/enhance.ts) drives it with the same
 * pwa.ts functions.
 */
import { useEffect, useSyncExternalStore } from 'react';
import {
  acceptInstallOffer,
  dismissInstallOffer,
  installBannerWanted,
  installOfferStore,
  registerServiceWorker,
} from './pwa';
import './install-banner.css';

export function InstallBanner() {
  const wanted = useSyncExternalStore(installOfferStore.subscribe, installBannerWanted, () => false);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  // Drawn hidden until wanted: the static pages, rendered by the server without the app, have the markup
  // for their script (src/client/static-page/enhance.ts) to show.
  return (
    <InstallBannerView
      hidden={!wanted}
      onInstall={() => void acceptInstallOffer()}
      onDismiss={dismissInstallOffer}
    />
  );
}

export function InstallBannerView({
  hidden,
  onInstall,
  onDismiss,
}: {
  hidden?: boolean;
  onInstall?: () => void;
  onDismiss?: () => void;
}) {
  return (
    <aside className="install-banner" aria-label="Instalar aplicativo" hidden={hidden}>
      {/* Lazy: the banner is in every page's markup, hidden until the install offer; a hidden lazy
          image is not fetched, so the icon costs a page only its favicon's request
          (docs/performance.md, "Page weight"). */}
      <img src="/icons/icon.svg" alt="" width="40" height="40" loading="lazy" />
      <p className="install-banner__text">
        <strong>Instale o app da confraria</strong>
        <span>Acesso rápido pela tela inicial, mesmo sem conexão.</span>
      </p>
      <div className="install-banner__actions">
        <button type="button" className="btn btn--sm install-banner__install" onClick={onInstall}>
          Instalar App
        </button>
        <button type="button" className="btn btn--sm btn--ghost install-banner__later" onClick={onDismiss}>
          Agora não
        </button>
      </div>
    </aside>
  );
}
