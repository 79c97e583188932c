/**
 * The public pages the server renders (ADR 024, ADR 040): their content is there before any script
 * runs (and without JavaScript at all), styled; the app then hydrates that markup — the same elements,
 * no console error (a failed hydration would log one) — and goes on as the SPA; until it has, the
 * page's controls are disabled, so nothing typed or clicked is lost.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** `framed`: an element drawn by the page's CSS (the route's own, or the app's for the auth pages). */
const PAGES = [
  { path: '/faq', heading: 'Perguntas Frequentes', title: 'Perguntas Frequentes', framed: '.pub-header' },
  { path: '/checkout', heading: 'Assinatura Anual', title: 'Assinatura', framed: '.co-header' },
  { path: '/login', heading: 'Acesso dos Confrades', title: 'Entrar', framed: '.auth-card' },
  { path: '/register', heading: 'Criar Conta', title: 'Criar Conta', framed: '.auth-card' },
] as const;

/** Holds the app's entry until `release()`: the page stays as the server sent it. */
async function holdApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const entry of PAGES) {
    test(`${entry.path} shows its content, styled, with its tab title`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(entry.path);
      await expect(page).toHaveTitle(`${entry.title} · Confraria Vinhos & Amigos`);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      // The CSS came with the page: its frame has its colours.
      const background = await page
        .locator(entry.framed)
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
    });
  }

  test('the sandbox banner is there too', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('note')).toHaveText(
      'Modo de teste: pagamentos simulados, nenhuma cobrança real.',
    );
  });
});

test.describe('with JavaScript', () => {
  test('the app adopts the served page: same elements, no error, controls released', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await page.goto('/faq');
    const heading = page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' });
    await expect(heading).toBeVisible();
    // Before the app: the controls wait for it.
    await expect(page.getByLabel('Buscar nas perguntas')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeDisabled();
    await heading.evaluate((element) => element.setAttribute('data-served', 'yes'));

    release();
    await expect(page.getByLabel('Buscar nas perguntas')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeEnabled();
    // Hydrated, not redrawn: the element the server sent is still the one on screen.
    await expect(heading).toHaveAttribute('data-served', 'yes');

    // The app works: search, then client navigation (no new document) through the phone menu.
    await page.getByLabel('Buscar nas perguntas').fill('PIX');
    await expect(page.getByRole('heading', { level: 2, name: /resultados? para “PIX”/ })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Contato' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fale Conosco' })).toBeVisible();
    await expect(page).toHaveTitle('Contato · Confraria Vinhos & Amigos');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  for (const entry of PAGES) {
    test(`${entry.path}: adopted without an error`, async ({ page }) => {
      const errors = consoleErrors(page);
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page.locator('[data-boot-disabled]')).toHaveCount(0);
      await expect(page.locator('#root button').first()).toBeEnabled();
      expect(errors).toEqual([]);
    });
  }
});

test('the checkout loads within 200 KB on the wire; the form checks arrive with its first focus', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  const scripts: string[] = [];
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/checkout');
  await expect(page.getByLabel('Nome completo')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  // Issue 8's budget, compressed bytes as sent (brotli); zod is not part of it.
  expect(bytes).toBeLessThanOrEqual(200 * 1024);
  const loaded = scripts.length;

  await page.getByLabel('Nome completo').focus();
  await expect.poll(() => scripts.length).toBeGreaterThan(loaded);
  await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(page.getByText('Email é obrigatório').first()).toBeVisible();
});
