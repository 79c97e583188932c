/**
 * The one script of the pages the server renders without the app (a Vite entry of its own;
 * STATIC_PATHS in src/shared/prerender.ts: the landing and the content pages, ADR 040). It brings
 * their markup to life without React or the router: the phone menu, the install banner and the
 * service worker on every page, the carousel on the landing, the categories and search on the FAQ
 * (its answers are native <details>, no script). Where the app holds a behaviour in React state
 * (the phone menu, the FAQ's filter), the module here is the page's own, for the page React drew
 * but does not run. Their first
 * load stays light (docs/decisions/006-prerendered-landing.md); links load the next page as a
 * document, which the server renders too.
 */
import '../styles/global.css';
import '../components/public/public.css';
import '../components/public/install-banner.css';
import { enhanceFaqFilter } from '../components/public/faq-filter';
import { enhancePhoneMenu } from '../components/public/phone-menu';
import {
  acceptInstallOffer,
  dismissInstallOffer,
  installBannerWanted,
  installOfferStore,
  registerServiceWorker,
} from '../components/public/pwa';
import { enhanceCarousel } from '../landing/carousel';

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

const toggle = document.querySelector<HTMLButtonElement>('.pub-menu-toggle');
const nav = document.getElementById('pub-nav');
if (toggle && nav) enhancePhoneMenu(toggle, nav);
const hero = document.querySelector<HTMLElement>('.hero');
if (hero) enhanceCarousel(hero);
const faq = document.querySelector<HTMLElement>('.faq-filter');
if (faq) enhanceFaqFilter(faq);
enhanceInstallBanner();
registerServiceWorker();
