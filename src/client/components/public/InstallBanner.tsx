/**
 * "Instalar App" banner (spec 01 §2, §4): hidden → visible when the browser offers installation
 * (beforeinstallprompt) → installed or dismissed. "Agora não" is remembered in localStorage.
 * Mounted once in the root layout, which also registers the service worker through it.
 */
import { useEffect, useState } from 'react';
import {
  installDismissed,
  registerServiceWorker,
  rememberInstallDismissed,
  type BeforeInstallPromptEvent,
} from './pwa';
import './install-banner.css';

export function InstallBanner() {
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    registerServiceWorker();
    const onPrompt = (event: Event) => {
      event.preventDefault(); // we show our own banner instead of the browser's mini-infobar
      if (!installDismissed()) setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!prompt) return null;

  async function install() {
    if (!prompt) return;
    setPrompt(null);
    await prompt.prompt();
    const choice = await prompt.userChoice.catch(() => null);
    if (choice?.outcome === 'dismissed') rememberInstallDismissed();
  }

  function dismiss() {
    rememberInstallDismissed();
    setPrompt(null);
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
