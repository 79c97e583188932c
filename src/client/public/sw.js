/*
 * Service worker: keeps the two documents of the site and what they load, so it opens without a
 * connection. Data is never cached here: /api, /trpc and the payment sandbox always go to the
 * network, so nobody sees another moment's (or another person's) answers.
 *
 * - The documents: `/` is the pre-rendered landing (ADR 006); every other page is the app's
 *   index.html. Both are fetched at install (without cookies, so `/` is the landing and not a
 *   signed-in person's redirect) with the assets they name.
 * - Navigations: network first, keeping the fresh document; offline, the cached one for that path
 *   (the landing for /, the app for the rest), or whichever exists. A public page the server
 *   rendered (`x-prerendered`, ADR 024) is not kept as the app's document: it is one page's.
 * - /assets/* (content-hashed, immutable), /icons/*, /images/*: cache first, filled on use.
 * - The page posts the assets it already loaded (`cache-urls`) so the first visit's code is kept too.
 */
const CACHE = 'confraria-shell-v2';
const LANDING = '/';
const APP = '/index.html';
const FILES = ['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];
const NEVER = ['/api', '/trpc', '/sandbox', '/sw.js'];

const isStatic = (url) => /^\/(assets|icons|images)\//.test(url.pathname);
const isNever = (url) =>
  NEVER.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));
/** Which cached document answers a navigation to this path. */
const documentFor = (url) => (url.pathname === '/' ? LANDING : APP);

/** The scripts, styles and preloads a document names. */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const assets = [];
      for (const path of [LANDING, APP]) {
        const response = await fetch(path, {
          cache: 'no-store',
          credentials: 'omit',
          headers: { accept: 'text/html' },
        }).catch(() => null);
        if (!response?.ok || response.redirected) continue;
        assets.push(...assetsOf(await response.clone().text()));
        await cache.put(path, response);
      }
      await cache.addAll([...FILES, ...new Set(assets)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-urls' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls
    .map((href) => new URL(href, self.location.origin))
    .filter((url) => url.origin === self.location.origin && isStatic(url) && !isNever(url))
    .map((url) => url.pathname);
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll([...new Set(urls)]).catch(() => undefined)),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNever(url)) return;

  if (request.mode === 'navigate') {
    const key = documentFor(url);
    event.respondWith(
      (async () => {
        try {
          // A redirect (a signed-in person at /) arrives unfollowed and is not kept.
          const response = await fetch(request);
          const onePage = key === APP && response.headers.has('x-prerendered');
          if (response.ok && response.type === 'basic' && !onePage) {
            (await caches.open(CACHE)).put(key, response.clone());
          }
          return response;
        } catch {
          const other = key === LANDING ? APP : LANDING;
          return (await caches.match(key)) ?? (await caches.match(other)) ?? Response.error();
        }
      })(),
    );
    return;
  }

  if (isStatic(url) || FILES.includes(url.pathname)) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request, { ignoreSearch: true });
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
        return response;
      })(),
    );
  }
});
