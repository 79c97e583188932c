/**
 * The server's renderer of the public pages (ADR 024): each page's own markup — its heading, the
 * club's current settings, its tab title — from the app's route tree, with nothing to run inline;
 * pages that are not public entry pages give null (the app decides).
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_KEYS, SETTINGS_DEFAULTS } from '../../shared/content/settings-defaults';
import { formatMoney } from '../../shared/format';
import { PRERENDERED_PATHS, type PrerenderState } from '../../shared/prerender';
import { renderPage } from './render-page';

const publicSettings = {
  ...Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, SETTINGS_DEFAULTS[key]])),
  clubName: 'Clube do Teste',
  priceAnnual: 123400,
  cardTokenizer: null,
};
const state = (url: string): PrerenderState => ({ url, settings: publicSettings, me: null });

const PAGES: Record<(typeof PRERENDERED_PATHS)[number], { heading: string; title: string }> = {
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

describe('renderPage', () => {
  it.each(PRERENDERED_PATHS.map((path) => [path]))(
    '%s: its heading and tab title, nothing to run inline',
    async (path) => {
      const page = await renderPage(state(path));
      expect(page).not.toBeNull();
      expect(page!.title).toBe(`${PAGES[path].title} · Confraria Vinhos & Amigos`);
      expect(page!.html).toMatch(new RegExp(`<h1[^>]*>${PAGES[path].heading}</h1>`));
      expect(page!.html).not.toContain('<script');
    },
  );

  it('prints the club settings it is given', async () => {
    const faq = await renderPage(state('/faq'));
    expect(faq!.html).toContain('<span>Clube do Teste</span>');
    const checkout = await renderPage(state('/checkout'));
    expect(checkout!.html).toContain('Clube do Teste');
    expect(checkout!.html).toContain(formatMoney(123400));
  });

  it('marks the page in the navigation, as the app does', async () => {
    const page = await renderPage(state('/sobre-nos'));
    expect(page!.html).toMatch(/<a[^>]*aria-current="page"[^>]*>Sobre Nós<\/a>/);
  });

  it('gives null for a page that redirects an anonymous visitor', async () => {
    expect(await renderPage(state('/dashboard'))).toBeNull();
    expect(await renderPage(state('/admin'))).toBeNull();
  });
});
