/*
 * Service worker (Workbox, built by vite-plugin-pwa: ADR 057). It keeps the two documents of the
 * site and what they load, so the site opens without a connection. Data is never cached: /api,
 * /trpc and the payment sandbox always go to the network (no route here matches them), so nobody
 * sees another moment's, or another person's, answers.
 *
 * - Precached at install: the code and styles the two documents load first, and the manifest and
 *   icons (the list the build injects; vite.config.ts says which files). Nothing else of the build:
 *   the other pages' code and the password dictionaries come when a page uses them.
 * - The documents: `/` is the landing the server renders; every other page is the app's
 *   index.html. Both are fetched at install, without cookies (so `/` is the landing, not a
 *   signed-in person's redirect), into a cache of their own under those two names.
 * - Navigations: network first, keeping the fresh document under its name; offline, the cached
 *   one for that path, or else the other. A page the server rendered for its URL (`x-prerendered`,
 *   ADR 024) is not kept as the app's document: it is one page's.
 * - /assets/*, /icons/*, /images/*: cache first, filled on use and by the page, which sends the
 *   files it already loaded (Workbox's `CACHE_URLS` message), so the first visit's code is kept too.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { LANDING_PATH, PRERENDERED_HEADER } from '../../shared/prerender';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const LANDING = LANDING_PATH;
const APP = '/index.html';
const PAGES_CACHE = 'confraria-pages';
const FILES_CACHE = 'confraria-files';
/** The hand-written worker's cache (before ADR 057), removed when this one takes over. */
const RETIRED_CACHES = ['confraria-shell-v2'];

/** Which document a navigation to this path is kept under: the landing for /, the app for the rest. */
const documentFor = (url: URL) => (url.pathname === LANDING ? LANDING : APP);

const documents: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => documentFor(new URL(request.url)),
  cacheWillUpdate: async ({ request, response }) => {
    // A redirect (a signed-in person at /) is not a document to open offline.
    if (response.status !== 200 || response.type !== 'basic' || response.redirected) return null;
    const onePage = documentFor(new URL(request.url)) === APP && response.headers.has(PRERENDERED_HEADER);
    return onePage ? null : response;
  },
  // Offline and never cached under this path's name: the other document still opens the site.
  handlerDidError: async ({ request }) => {
    const other = documentFor(new URL(request.url)) === LANDING ? APP : LANDING;
    return (await caches.open(PAGES_CACHE)).match(other);
  },
};
const pages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [documents] });

precacheAndRoute(self.__WB_MANIFEST);

registerRoute(new NavigationRoute(pages, { denylist: [/^\/(?:api|trpc|sandbox)(?:\/|$)/] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/(?:assets|icons|images)\//.test(url.pathname),
  new CacheFirst({
    cacheName: FILES_CACHE,
    matchOptions: { ignoreSearch: true },
    // Hashed files of earlier builds would otherwise stay forever.
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('install', (event) => {
  const fetchDocument = (path: string) =>
    pages.handle({
      event,
      request: new Request(path, {
        cache: 'no-store',
        credentials: 'omit',
        headers: { accept: 'text/html' },
      }),
    });
  // Offline at install, the documents are kept by the first navigation instead.
  event.waitUntil(Promise.allSettled([LANDING, APP].map(fetchDocument)));
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name))));
});
clientsClaim();
