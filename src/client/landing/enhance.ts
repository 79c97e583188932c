/**
 * The landing's only script (a Vite entry of its own): the server renders the landing from the
 * app's route without the app (ADR 040), and its document loads this instead, which brings the page
 * to life without React or the router — the carousel, the phone menu (phone-menu.ts, the app's
 * too), the install banner and the service worker — so the landing's first load stays light
 * (docs/decisions/006-prerendered-landing.md). Links on the page load the app's pages as documents.
 */
import '../styles/global.css';
import '../components/public/public.css';
import '../components/public/install-banner.css';
import {
  acceptInstallOffer,
  dismissInstallOffer,
  installBannerWanted,
  installOfferStore,
  registerServiceWorker,
} from '../components/public/pwa';
import { enhancePhoneMenu } from '../components/public/phone-menu';
import { enhanceCarousel } from './carousel';

/** The install banner, shown while the browser offers installation and it was not turned down. */
function enhanceInstallBanner() {
  const banner = document.querySelector<HTMLElement>('.install-banner');
  if (!banner) return;
  const sync = () => {
    banner.hidden = !installBannerWanted();
  };
  banner.querySelector('.install-banner__install')?.addEventListener('click', () => {
    void acceptInstallOffer();
  });
  banner.querySelector('.install-banner__later')?.addEventListener('click', dismissInstallOffer);
  installOfferStore.subscribe(sync);
  sync();
}

const hero = document.querySelector<HTMLElement>('.hero');
if (hero) enhanceCarousel(hero);
const toggle = document.querySelector<HTMLButtonElement>('.pub-menu-toggle');
const nav = document.getElementById('pub-nav');
if (toggle && nav) enhancePhoneMenu(toggle, nav);
enhanceInstallBanner();
registerServiceWorker();
