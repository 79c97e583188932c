/**
 * The server's renderer of the public pages (ADR 040): each page's whole document — its heading,
 * the club's current settings, its tab title in the head, the page's CSS and the app's starter —
 * from the app's route tree through the router's server entry points, with the router's and the
 * query cache's state for the browser; pages that are not public entry pages give null.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_KEYS, SETTINGS_DEFAULTS } from '../../shared/content/settings-defaults';
import { formatMoney } from '../../shared/format';
import { DEFAULT_FAQ_CATEGORY, FAQ_ITEMS } from '../../shared/content/faq';
import { LANDING } from '../../shared/content/site';
import { PRERENDERED_PATHS, TEST_MODE_TEXT, type PageAssets } from '../../shared/prerender';
import type { HtmlTagDescriptor } from 'vite';
import { documentHeadPlugin, HEAD_TAGS, type HeadTag } from '../document-head';
import { renderPage } from './render-page';

const publicSettings = {
  ...Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, SETTINGS_DEFAULTS[key]])),
  clubName: 'Clube do Teste',
  priceAnnual: 123400,
  cardTokenizer: null,
};
const assets: PageAssets = {
  boot: '/assets/boot-1.js',
  entry: '/assets/main-1.js',
  entryCss: ['/assets/main-1.css'],
  entryImports: ['/assets/react-dom-1.js'],
  entryStages: ['/assets/react-dom-1.js'],
  staticPage: { js: '/assets/static-page-1.js', css: ['/assets/main-1.css', '/assets/public-1.css'] },
  pages: {
    '/contato': { css: ['/assets/public-1.css'], js: ['/assets/contato-1.js'] },
    '/faq': { css: ['/assets/public-1.css'], js: ['/assets/faq-1.js'] },
  },
};
const render = (url: string, testMode = false) =>
  renderPage({ url, route: url.split('?')[0]!, settings: publicSettings, testMode, assets });

const PAGES: Record<(typeof PRERENDERED_PATHS)[number], { heading: string; title: string }> = {
  '/': { heading: LANDING.heroTitle, title: '' },
  '/sobre-nos': { heading: 'Sobre Nós', title: 'Sobre Nós' },
  '/contato': { heading: 'Fale Conosco', title: 'Contato' },
  '/faq': { heading: 'Perguntas Frequentes', title: 'Perguntas Frequentes' },
  '/termos': { heading: 'Termos de Uso', title: 'Termos de Uso' },
  '/privacidade': { heading: 'Política de Privacidade', title: 'Política de Privacidade' },
  '/checkout': { heading: 'Assinatura Anual', title: 'Assinatura' },
  '/login': { heading: 'Acesso dos Confrades', title: 'Entrar' },
  '/register': { heading: 'Criar Conta', title: 'Criar Conta' },
  '/signup': { heading: 'Criar Conta', title: 'Criar Conta' },
};

/** The document's head and its root (the part the browser hydrates). */
function parts(html: string) {
  return {
    head: html.slice(html.indexOf('<head>'), html.indexOf('</head>')),
    root: html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>')),
  };
}

describe('renderPage', () => {
  it.each(PRERENDERED_PATHS.map((path) => [path]))(
    '%s: a whole document with its heading and its tab title in the head',
    async (path) => {
      const html = await render(path);
      expect(html).not.toBeNull();
      expect(html!.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
      const { head, root } = parts(html!);
      const title = PAGES[path].title ? `${PAGES[path].title} · ` : '';
      expect(head).toContain(`<title>${title}Confraria Vinhos &amp; Amigos</title>`);
      expect(root).toMatch(new RegExp(`<h1[^>]*>${PAGES[path].heading}</h1>`));
      expect(html!.match(/<title>/g)).toHaveLength(1);
    },
  );

  it("links the page's CSS and the app's starter, and carries the router's state for the browser", async () => {
    const html = (await render('/contato'))!;
    const { head } = parts(html);
    expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/main-1.css"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/public-1.css"/>');
    expect(head).toContain('src="/assets/boot-1.js" id="app-boot" data-entry="/assets/main-1.js"');
    expect(head).toContain('data-preload="/assets/react-dom-1.js /assets/contato-1.js"');
    // The router's dehydrated matches and the query cache (the settings the page was drawn from).
    expect(html).toContain('$_TSR');
    expect(html.slice(html.indexOf('</div>', html.indexOf('id="root"')))).toContain('Clube do Teste');
  });

  it('carries the query cache only in the pages that use the data layer (ADR 055)', async () => {
    // The session and the settings, in the query cache the browser's data layer takes over.
    const login = (await render('/login'))!;
    expect(login).toContain('queryHash:"[[\\"auth\\",\\"me\\"],{\\"type\\":\\"query\\"}]"');
    // /contato opens without the data layer: its settings are its route's data, no query cache.
    const contact = (await render('/contato'))!;
    expect(contact).not.toContain('queryHash');
    const state = contact.slice(contact.indexOf('$_TSR'));
    expect(state).toContain('Clube do Teste');
    expect(state).toContain('123400');
  });

  it("starts its head with the site's head tags, the ones Vite puts in index.html (one head)", async () => {
    const { head } = parts((await render('/faq'))!);
    // As React writes them (`charSet`), in the list's order; React adds its image preloads among them.
    const tag = ({ tag: name, attrs }: HeadTag) =>
      `<${name} ${Object.entries(attrs)
        .map(([key, value]) => `${key === 'charset' ? 'charSet' : key}="${value}"`)
        .join(' ')}/>`;
    const ours = head.replace(/<link rel="preload"[^>]*\/>/g, '');
    expect(ours.startsWith(`<head>${HEAD_TAGS.map(tag).join('')}`)).toBe(true);
    // index.html has its title and its script: the rest of its head is the plugin's, from the same list.
    const indexHtml = fs.readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(indexHtml).not.toMatch(/<(meta|link)\s/);
    const injected = documentHeadPlugin().transformIndexHtml as () => HtmlTagDescriptor[];
    expect(injected()).toEqual(
      HEAD_TAGS.map(({ tag: name, attrs }) => ({ tag: name, attrs, injectTo: 'head-prepend' })),
    );
  });

  it('prints the club settings it is given', async () => {
    const faq = parts((await render('/faq'))!).root;
    expect(faq).toContain('<span>Clube do Teste</span>');
    const checkout = parts((await render('/checkout'))!).root;
    expect(checkout).toContain('Clube do Teste');
    expect(checkout).toContain(formatMoney(123400));
  });

  it('marks the page in the navigation, as the app does', async () => {
    const page = parts((await render('/sobre-nos'))!).root;
    expect(page).toMatch(/<a[^>]*aria-current="page"[^>]*>Sobre Nós<\/a>/);
  });

  it('shows the test-mode banner before the app when asked', async () => {
    for (const path of ['/faq', '/contato']) {
      const html = (await render(path, true))!;
      expect(html).toContain(`<body><div class="test-mode-banner" role="note">${TEST_MODE_TEXT}</div>`);
      expect(await render(path)).not.toContain('test-mode-banner');
    }
  });

  it("keeps the settings' text from closing the router's scripts", async () => {
    const name = '</script><script>alert(1)</script> \u2028';
    const html = (await renderPage({
      url: '/contato',
      route: '/contato',
      settings: { ...publicSettings, clubName: name },
      testMode: false,
      assets,
    }))!;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each(['/', '/sobre-nos', '/faq', '/termos', '/privacidade'])(
    "%s: rendered without the app: the static pages' script and CSS, no app state",
    async (path) => {
      const html = (await render(path))!;
      const { head } = parts(html);
      expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/main-1.css"/>');
      expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/public-1.css"/>');
      expect(head.match(/rel="stylesheet"/g)).toHaveLength(2);
      expect(head).toContain('<script type="module" crossorigin="" src="/assets/static-page-1.js"></script>');
      expect(html).not.toContain('/assets/boot-1.js');
      expect(html).not.toContain('/assets/main-1.js');
      // The settings are printed, not carried for a browser's query cache.
      expect(parts(html).root).toContain('Clube do Teste');
      expect(html).not.toContain('"settings","public"');
      // The install banner is there, hidden, for the page's script to show.
      expect(html).toMatch(/<aside class="install-banner" aria-label="Instalar aplicativo" hidden="">/);
    },
  );

  it("draws every FAQ question, the default category's shown, for the filter to choose from", async () => {
    const faq = parts((await render('/faq'))!).root;
    const items = [
      ...faq.matchAll(/<details name="faq" class="faq-item" data-category="([^"]+)"( hidden="")?>/g),
    ];
    expect(items.length).toBe(FAQ_ITEMS.length);
    for (const [, category, hidden] of items) expect(Boolean(hidden)).toBe(category !== DEFAULT_FAQ_CATEGORY);
    expect(faq).toContain('aria-pressed="true" data-category="geral"');
    expect(faq).toMatch(/<p class="empty-state faq-empty" hidden="">/);
    // The answers are native <details> sharing one name: one open at a time, with no script.
    expect(faq).not.toMatch(/<details[^>]* open/);
  });

  it.each(['/', '/faq', '/contato', '/checkout', '/login', '/register'])(
    '%s is served with no control disabled and a closed phone menu',
    async (path) => {
      const root = parts((await render(path))!).root;
      expect(root).not.toMatch(/\sdisabled=""/);
      expect(root).not.toContain('data-boot-disabled');
      if (path !== '/checkout' && path !== '/login' && path !== '/register')
        expect(root).toContain('class="pub-menu-toggle" aria-expanded="false" aria-controls="pub-nav"');
    },
  );

  it('gives null for a page that redirects an anonymous visitor', async () => {
    expect(await render('/dashboard')).toBeNull();
    expect(await render('/admin')).toBeNull();
  });
});
