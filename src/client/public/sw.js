/*
 * Service worker: keeps the app shell (index.html, the built JS/CSS, icons and images) so the site
 * opens without a connection. Data is never cached here: /api, /trpc and the payment sandbox always
 * go to the network, so nobody sees another moment's (or another person's) answers.
 *
 * - Navigations: network first, falling back to the cached shell (the SPA routes every path).
 * - /assets/* (content-hashed, immutable), /icons/*, /images/*: cache first, filled on use.
 * - The page posts the assets it already loaded (`cache-urls`) so the first visit's code is kept too.
 */
const CACHE = 'confraria-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];
const NEVER = ['/api', '/trpc', '/sandbox', '/sw.js'];

const isStatic = (url) => /^\/(assets|icons|images)\//.test(url.pathname);
const isNever = (url) =>
  NEVER.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix + '/'));

/** The entry script, styles and preloads named by index.html. */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
      if (response.ok) {
        const html = await response.clone().text();
        await cache.put('/', response);
        await cache.addAll([...SHELL.filter((url) => url !== '/'), ...assetsOf(html)]);
      }
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
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok) (await caches.open(CACHE)).put('/', response.clone());
          return response;
        } catch {
          return (await caches.match('/')) ?? Response.error();
        }
      })(),
    );
    return;
  }

  if (isStatic(url) || SHELL.includes(url.pathname)) {
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
