/**
 * "Instalar App" banner (spec 01 §2, §4): hidden → visible when the browser offers installation
 * (beforeinstallprompt, caught in pwa.ts) → installed or dismissed. "Agora não" is remembered in
 * localStorage. Mounted once in the root layout, which also registers the service worker through it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { installDismissed, installOfferStore, registerServiceWorker, rememberInstallDismissed } from './pwa';
import './install-banner.css';

export function InstallBanner() {
  const offer = useSyncExternalStore(installOfferStore.subscribe, installOfferStore.get, () => null);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  if (!offer || installDismissed()) return null;

  async function install() {
    if (!offer) return;
    installOfferStore.clear();
    await offer.prompt();
    const choice = await offer.userChoice.catch(() => null);
    if (choice?.outcome === 'dismissed') rememberInstallDismissed();
  }

  function dismiss() {
    rememberInstallDismissed();
    installOfferStore.clear();
  }

  return (
    <aside className="install-banner" aria-label="Instalar aplicativo">
      <img src="/icons/icon.svg" alt="" width="40" height="40" />
      <p className="install-banner__text">
        <strong>Instale o app da confraria</strong>
        <span>Acesso rápido pela tela inicial, mesmo sem conexão.</span>
      </p>
      <div className="install-banner__actions">
        <button type="button" className="btn btn--sm install-banner__install" onClick={() => void install()}>
          Instalar App
        </button>
        <button type="button" className="btn btn--sm btn--ghost install-banner__later" onClick={dismiss}>
          Agora não
        </button>
      </div>
    </aside>
  );
}
