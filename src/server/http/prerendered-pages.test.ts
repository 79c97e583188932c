/**
 * GET of a public page (/faq, /checkout…): the document as the build's renderer draws it with the
 * club's current settings, with a CSP that allows its inline scripts by hash; never to a signed-in
 * person; revalidated every time; the app's page whenever there is nothing to render.
 * The renderer here is a stand-in module (the real one is tested in src/client/prerender/).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRERENDERED_HEADER, type PageAssets, type PageRequest } from '../../shared/prerender';
import { createTestApp, type TestApp } from '../../../tests/app';
import { TEST_MODE_BANNER } from './html';
import { inlineScriptHashes, QUERY_RENDERS_PER_SECOND } from './prerendered-pages';

const APP_PAGE =
  '<!doctype html><html><head><title>Confraria Vinhos &amp; Amigos</title>' +
  '<script type="module" crossorigin src="/assets/main-1.js"></script>\n' +
  '</head><body><div id="root"></div></body></html>';

const ASSETS: PageAssets = {
  boot: '/assets/boot-1.js',
  entry: '/assets/main-1.js',
  entryCss: ['/assets/global-1.css'],
  entryImports: ['/assets/react-dom-1.js', '/assets/query-1.js'],
  entryStages: ['/assets/react-dom-1.js'],
  staticPage: { js: '/assets/static-page-1.js', css: ['/assets/static-page-1.css'] },
  pages: { '/faq': { css: ['/assets/public-1.css'], js: ['/assets/faq-1.js'] } },
};

/** The stand-in's inline script (the real renderer's are the router's hydration data). */
const INLINE_SCRIPT = 'self.$_TSR={};';

// Renders the club's name and the URL with one inline script and one script file; counts its
// renders (across the tests' builds) and keeps the last request; /signup has nothing to render, and
// a URL with "quebra" fails. Records which build's file was loaded last.
const RENDERER = `
globalThis.renders ??= 0;
globalThis.rendererFile = import.meta.url;
export async function renderPage(request) {
  globalThis.renders++;
  globalThis.lastRequest = request;
  if (request.url === '/signup') return null;
  if (request.url.includes('quebra')) throw new Error('render failed');
  return '<!DOCTYPE html><html><head><title>Perguntas Frequentes · Confraria</title>' +
    '<script type="module" src="' + request.assets.boot + '"></script></head><body><div id="root"><main><h1>' +
    request.settings.clubName.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1><p>' + request.url +
    '</p></main></div><script>${INLINE_SCRIPT}</script></body></html>';
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
const renders = () => (globalThis as unknown as { renders?: number }).renders ?? 0;
const lastRequest = () => (globalThis as unknown as { lastRequest: PageRequest }).lastRequest;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The test app's page as the server serves it (the sandbox's banner after <body>). */
const servedAppPage = () => APP_PAGE.replace('<body>', `<body>${TEST_MODE_BANNER}`);

describe('inlineScriptHashes', () => {
  it('hashes the body of each inline script, not the scripts with a file', () => {
    const page =
      '<head><script type="module" src="/a.js"></script></head><body><script data-x="">one();</script>' +
      '<script>two()\n</script><script>one();</script></body>';
    expect(inlineScriptHashes(page)).toEqual([sha256('one();'), sha256('two()\n')]);
  });
});

describe('GET of a pre-rendered public page', () => {
  it('loads the renderer with the first page asked for, not with the server, and once', async () => {
    const { request } = await start();
    const rendererFile = () => (globalThis as unknown as { rendererFile?: string }).rendererFile;
    const thisBuild = pathToFileURL(path.join(buildDir!, 'prerender/render-page.js')).href;
    expect(rendererFile()).not.toBe(thisBuild);
    const before = renders();
    const [faq, checkout] = await Promise.all([
      request({ method: 'GET', url: '/faq', headers: html }),
      request({ method: 'GET', url: '/checkout', headers: html }),
    ]);
    expect(faq.body).toContain('<p>/faq</p>');
    expect(checkout.body).toContain('<p>/checkout</p>');
    expect(rendererFile()).toBe(thisBuild);
    expect(renders() - before).toBe(2);
  });

  it('answers the rendered document, revalidated every time, with a CSP for its inline scripts', async () => {
    const { request, services } = await start();
    const response = await request({ method: 'GET', url: '/faq', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    expect(response.headers['x-prerendered']).toBe('1');
    expect(response.body).toContain(
      '<div id="root"><main><h1>Confraria Vinhos &amp; Amigos</h1><p>/faq</p></main></div>',
    );
    // What it was rendered from: the answer of settings.public, the assets, the sandbox's banner.
    expect(lastRequest()).toEqual({
      url: '/faq',
      route: '/faq',
      settings: { ...services.settings.getPublic(), cardTokenizer: services.payments.cardTokenizer() },
      testMode: true,
      assets: ASSETS,
    });
    // The pages' policy, with this page's inline script allowed by its hash and nothing else inline.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${sha256(INLINE_SCRIPT)}';`);
    expect(csp).not.toContain("unsafe-inline'; ");
    expect(csp).toContain("frame-ancestors 'none'");

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
    expect(lastRequest().settings).toMatchObject({ clubName: 'Clube Novo' });
  });

  it('renders a URL with a query string for its request, within a budget; beyond it, the app page', async () => {
    const { request } = await start();
    const prefilled = await request({ method: 'GET', url: '/checkout?name=Ana', headers: html });
    expect(prefilled.headers[PRERENDERED_HEADER]).toBe('1');
    expect(prefilled.body).toContain('<p>/checkout?name=Ana</p>');
    expect(lastRequest()).toMatchObject({ url: '/checkout?name=Ana', route: '/checkout' });

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
    // The app page has no inline script: the pages' own policy.
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
    // A stale cookie is nobody.
    const stale = await request({
      method: 'GET',
      url: '/login',
      headers: { ...html, cookie: 'confraria_session=nao.valido' },
    });
    expect(stale.headers['x-prerendered']).toBe('1');
  });

  it('answers / with the landing to a visitor, and sends a signed-in person home (decisions §2)', async () => {
    const { request, signIn } = await start();
    const landing = await request({ method: 'GET', url: '/', headers: html });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toContain('<h1>Confraria Vinhos &amp; Amigos</h1><p>/</p>');
    expect(lastRequest()).toMatchObject({ url: '/', route: '/' });
    for (const [role, home] of [
      ['user', '/user/dashboard'],
      ['admin', '/admin/dashboard'],
    ] as const) {
      const { token } = await signIn(role);
      const response = await request({
        method: 'GET',
        url: '/',
        headers: { ...html, cookie: `confraria_session=${token}` },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(home);
      expect(response.headers.vary).toBe('cookie');
    }
    const stale = await request({
      method: 'GET',
      url: '/',
      headers: { ...html, cookie: 'confraria_session=nao.valido' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<h1>Confraria');
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
    // The landing too: the app renders it itself there.
    expect((await request({ method: 'GET', url: '/', headers: html })).body).toBe(servedAppPage());

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
