/**
 * GET of a public page (/faq, /checkout…): the page as the build's renderer draws it with the
 * club's current settings, inside the app's page, with what the app needs to adopt it; never to a
 * signed-in person; revalidated every time; the app's page whenever there is nothing to render.
 * The renderer here is a stand-in module (the real one is tested in src/client/prerender/).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRERENDER_STATE_ID, type PageAssets, type PrerenderState } from '../../shared/prerender';
import { createTestApp, type TestApp } from '../../../tests/app';
import { TEST_MODE_BANNER } from './html';
import { PRERENDERED_HEADER, QUERY_RENDERS_PER_SECOND } from './prerendered-pages';

const APP_PAGE =
  '<!doctype html><html><head><title>Confraria Vinhos &amp; Amigos</title>' +
  '<script type="module" crossorigin src="/assets/main-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/global-1.css">\n' +
  '</head><body><div id="root"></div></body></html>';

const ASSETS: PageAssets = {
  boot: '/assets/boot-1.js',
  entry: '/assets/main-1.js',
  entryImports: ['/assets/react-dom-1.js', '/assets/query-1.js'],
  entryStages: ['/assets/react-dom-1.js'],
  pages: { '/faq': { css: ['/assets/public-1.css'], js: ['/assets/faq-1.js'] } },
};

// Renders the club's name and the URL; counts its renders; /signup has nothing to render, and a
// URL with "quebra" fails.
const RENDERER = `
globalThis.renders = 0;
export async function renderPage(state) {
  globalThis.renders++;
  if (state.url === '/signup') return null;
  if (state.url.includes('quebra')) throw new Error('render failed');
  return {
    html: '<link rel="preload" as="image" href="/icons/icon.svg"/><main><h1>' + state.settings.clubName.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1><p>' + state.url + '</p></main>',
    title: 'Perguntas Frequentes · Confraria',
  };
}
`;

let app: TestApp | undefined;
let buildDir: string | undefined;
afterEach(async () => {
  await app?.close();
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  app = undefined;
  buildDir = undefined;
});

async function start({ prerender = true } = {}) {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-build-'));
  const clientDir = path.join(buildDir, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, 'index.html'), APP_PAGE);
  if (prerender) {
    fs.mkdirSync(path.join(buildDir, 'prerender'));
    fs.writeFileSync(path.join(buildDir, 'prerender/render-page.js'), RENDERER);
    fs.writeFileSync(path.join(buildDir, 'prerender/page-assets.json'), JSON.stringify(ASSETS));
  }
  app = await createTestApp({ CLIENT_DIR: clientDir });
  return app;
}

const html = { accept: 'text/html' };
const renders = () => (globalThis as unknown as { renders: number }).renders;

function stateOf(body: string): PrerenderState {
  const json = new RegExp(`<script type="application/json" id="${PRERENDER_STATE_ID}">(.*?)</script>`).exec(
    body,
  )?.[1];
  if (!json) throw new Error('no state in the page');
  return JSON.parse(json) as PrerenderState;
}

/** The test app's page as the server serves it (the sandbox's banner after <body>). */
const servedAppPage = () => APP_PAGE.replace('<body>', `<body>${TEST_MODE_BANNER}`);

describe('GET of a pre-rendered public page', () => {
  it('answers the rendered page inside the app page, revalidated every time', async () => {
    const { request, services } = await start();
    const response = await request({ method: 'GET', url: '/faq', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    expect(response.headers['x-prerendered']).toBe('1');
    // The page with the sandbox banner (outside the root, as on every page).
    expect(response.body).toContain(`<body>${TEST_MODE_BANNER}`);
    expect(response.body).toContain(
      '<div id="root"><main><h1>Confraria Vinhos &amp; Amigos</h1><p>/faq</p></main></div>',
    );
    expect(response.body).toContain('<title>Perguntas Frequentes · Confraria</title>');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    // Styled at first paint: the app's CSS and the route's; React's image hint in the <head>.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/global-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/public-1.css">');
    expect(head).toContain('<link rel="preload" as="image" href="/icons/icon.svg"/>');
    // The app's script gives way to the starter, which names the same modules and the route's.
    expect(response.body).not.toContain('src="/assets/main-1.js"');
    expect(response.body).not.toContain('rel="modulepreload"');
    expect(head).toContain(
      '<script type="module" crossorigin src="/assets/boot-1.js" id="app-boot" data-entry="/assets/main-1.js"' +
        ' data-preload="/assets/react-dom-1.js /assets/query-1.js /assets/faq-1.js"' +
        ' data-stages="/assets/react-dom-1.js"></script>',
    );
    // What it was rendered from: the answer of settings.public, and nobody signed in.
    const state = stateOf(response.body);
    expect(state).toEqual({
      url: '/faq',
      settings: { ...services.settings.getPublic(), cardTokenizer: services.payments.cardTokenizer() },
      me: null,
    });

    expect((await request({ method: 'HEAD', url: '/faq', headers: html })).statusCode).toBe(200);
  });

  it('renders each page once per settings, and again when they change', async () => {
    const { request, services } = await start();
    const before = renders();
    await request({ method: 'GET', url: '/checkout', headers: html });
    const again = await request({ method: 'GET', url: '/checkout', headers: html });
    expect(renders() - before).toBe(1);
    expect(again.body).toContain('<p>/checkout</p>');

    services.settings.update({ clubName: 'Clube Novo' });
    const changed = await request({ method: 'GET', url: '/checkout', headers: html });
    expect(renders() - before).toBe(2);
    expect(changed.body).toContain('<h1>Clube Novo</h1>');
    expect(stateOf(changed.body).settings).toMatchObject({ clubName: 'Clube Novo' });
  });

  it('renders a URL with a query string for its request, within a budget; beyond it, the app page', async () => {
    const { request } = await start();
    const prefilled = await request({ method: 'GET', url: '/checkout?name=Ana', headers: html });
    expect(prefilled.headers[PRERENDERED_HEADER]).toBe('1');
    expect(prefilled.body).toContain('<p>/checkout?name=Ana</p>');
    expect(stateOf(prefilled.body).url).toBe('/checkout?name=Ana');

    // Made-up query strings, as fast as one client can: none is kept, and past the budget the
    // plain app page answers (it works the same, it only paints later).
    const before = renders();
    const answers = [];
    for (let i = 0; i < QUERY_RENDERS_PER_SECOND * 3; i++) {
      answers.push(await request({ method: 'GET', url: `/checkout?x=${i}`, headers: html }));
    }
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const plain = answers.filter((answer) => answer.headers[PRERENDERED_HEADER] === undefined);
    expect(plain.length).toBeGreaterThan(0);
    expect(renders() - before).toBeLessThanOrEqual(QUERY_RENDERS_PER_SECOND * 2);
    expect(plain[0]?.body).toContain('<div id="root"></div>');
  });

  it('keeps the state JSON from closing its element', async () => {
    const { request, services } = await start();
    // Also `$'` and `$&`, which a string replacement would expand.
    const name = "</script><script>alert(1)</script> \u2028 & $' $&";
    services.settings.update({ clubName: name });
    const { body } = await request({ method: 'GET', url: '/faq', headers: html });
    expect(body).not.toContain('</script><script>alert(1)');
    expect(stateOf(body).settings).toMatchObject({ clubName: name });
    expect(body).toContain("<h1>&lt;/script>&lt;script>alert(1)&lt;/script> \u2028 &amp; $' $&amp;</h1>");
  });

  it('sends the brotli or gzip copy to a browser that takes it', async () => {
    const { request } = await start();
    const plain = await request({ method: 'GET', url: '/faq', headers: html });
    const br = await request({
      method: 'GET',
      url: '/faq',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await request({
      method: 'GET',
      url: '/faq',
      headers: { ...html, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('gives a signed-in person the app page, whose guards know the session', async () => {
    const { request, signIn } = await start();
    const { token } = await signIn('user');
    const response = await request({
      method: 'GET',
      url: '/login',
      headers: { ...html, cookie: `confraria_session=${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-prerendered']).toBeUndefined();
    expect(response.body).toBe(servedAppPage());
    // A stale cookie is nobody.
    const stale = await request({
      method: 'GET',
      url: '/login',
      headers: { ...html, cookie: 'confraria_session=nao.valido' },
    });
    expect(stale.headers['x-prerendered']).toBe('1');
  });

  it('answers the app page when the renderer has nothing, or fails', async () => {
    const { request } = await start();
    for (const url of ['/signup', '/faq?quebra=1']) {
      const response = await request({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(servedAppPage());
    }
  });

  it('answers the app page when the build has no renderer, and a page whatever the Accept header', async () => {
    const { request } = await start({ prerender: false });
    const page = await request({ method: 'GET', url: '/faq', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(servedAppPage());

    await app?.close();
    const other = await start();
    // An uptime monitor or `curl` asks for anything: the page is still the page.
    const monitor = await other.request({
      method: 'GET',
      url: '/faq',
      headers: { accept: 'application/json' },
    });
    expect(monitor.statusCode).toBe(200);
    expect(monitor.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(monitor.body).toContain('Perguntas');
  });
});
