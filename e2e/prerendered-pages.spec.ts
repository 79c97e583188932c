/**
 * The public pages the server renders (ADR 024, ADR 040): their content is there before any script
 * runs (and without JavaScript at all), styled; the app then hydrates that markup — the same elements,
 * no console error (a failed hydration would log one) — and goes on as the SPA; until it has, the
 * page's controls are usable, never disabled: text typed meanwhile is kept and sent, and a submit
 * does nothing (no GET with the fields in the URL). The content pages (about, FAQ, terms, privacy)
 * are not hydrated: their own small script drives them, without the app.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** `framed`: an element drawn by the page's CSS (the route's own, or the app's for the auth pages). */
const PAGES = [
  { path: '/faq', heading: 'Perguntas Frequentes', title: 'Perguntas Frequentes', framed: '.pub-header' },
  { path: '/contato', heading: 'Fale Conosco', title: 'Contato', framed: '.pub-header' },
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

/** The data layer's chunk (`query`, ADR 055) each time the page fetches it. */
function dataLayerLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/assets\/query-[^/]+\.js$/.test(request.url())) loads.push(request.url());
  });
  return loads;
}

/** A FAQ question's <details> (its summary holds the question as a heading). */
function answerOf(page: Page, question: string) {
  return page.locator('details', { has: page.getByRole('heading', { name: question, exact: true }) });
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

  test('the FAQ opens one answer at a time, a click on the open one closes it', async ({ page }) => {
    await page.goto('/faq');
    const first = page.getByRole('heading', { name: 'Vocês fazem degustações?' });
    const second = page.getByRole('heading', { name: 'Como funciona a comunidade?' });
    await expect(page.getByText(/Realizamos degustações mensais/)).toBeHidden();
    await first.click();
    await expect(page.getByText(/Realizamos degustações mensais/)).toBeVisible();
    await second.click();
    await expect(answerOf(page, 'Como funciona a comunidade?')).toHaveAttribute('open', '');
    await expect(page.getByText(/Realizamos degustações mensais/)).toBeHidden();
    await expect(page.locator('details[open]')).toHaveCount(1);
    await second.click();
    await expect(page.locator('details[open]')).toHaveCount(0);
  });

  for (const path of ['/', '/faq', '/sobre-nos', '/contato', '/checkout', '/login', '/register', '/signup']) {
    test(`${path}: no control is disabled in the served page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await page.locator('#root :is(button, input, select, textarea)').count()).toBeGreaterThan(0);
      await expect(page.locator('#root :disabled')).toHaveCount(0);
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
  test('the app adopts the served page: same elements, no error, nothing typed meanwhile lost', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await page.goto('/contato');
    const heading = page.getByRole('heading', { level: 1, name: 'Fale Conosco' });
    await expect(heading).toBeVisible();
    // Before the app: nothing is disabled; typed text stays, and Enter sends nothing by itself.
    await expect(page.locator('#root :disabled')).toHaveCount(0);
    await page.getByLabel('Nome').fill('Ana Antes');
    await page.getByLabel('Nome').press('Enter');
    await expect(page).toHaveURL(/\/contato$/);
    await heading.evaluate((element) => element.setAttribute('data-served', 'yes'));

    release();
    // Adopted: the menu answers (its state is React's) and the typed name is the form's.
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(async () => {
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass();
    await menu.click();
    await expect(page.getByLabel('Nome')).toHaveValue('Ana Antes');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Email é obrigatório');
    await expect(page.getByLabel('Nome')).not.toHaveAccessibleDescription('Nome é obrigatório');
    // Hydrated, not redrawn: the element the server sent is still the one on screen.
    await expect(heading).toHaveAttribute('data-served', 'yes');

    // The app works: client navigation (no new document) through the phone menu, and the FAQ
    // drawn by the app searches as the served one does.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'FAQ' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' })).toBeVisible();
    await expect(page).toHaveTitle('Perguntas Frequentes · Confraria Vinhos & Amigos');
    await page.getByLabel('Buscar nas perguntas').fill('PIX');
    await expect(page.getByRole('heading', { level: 2, name: /resultados? para “PIX”/ })).toBeVisible();
    await page.getByRole('heading', { name: 'Quais são as formas de pagamento?' }).click();
    await expect(answerOf(page, 'Quais são as formas de pagamento?')).toHaveAttribute('open', '');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  test('the terms box ticked before the app stays ticked and counts once the app runs', async ({ page }) => {
    // The form's default (not accepted) must not be written over the tick when the app adopts the
    // page: a person quick on a slow phone would be told to accept terms they had accepted.
    const release = await holdApp(page);
    await page.goto('/register');
    await expect(page.locator('#root :disabled')).toHaveCount(0);
    await page.getByLabel('Senha', { exact: true }).fill('12345');
    await page.getByLabel(/Li e aceito/).check();
    release();
    // Adopted once a submit is the app's: it refuses the short password, and not the terms.
    await expect(async () => {
      await page.getByRole('button', { name: 'Criar Conta' }).click();
      await expect(page.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByLabel(/Li e aceito/)).toBeChecked();
    await expect(page.getByText('Você precisa aceitar os termos de uso')).toHaveCount(0);
  });

  test('a password typed before the app does not move the page under the finger as the app runs', async ({
    page,
  }) => {
    // The strength meter appears once the app reads the typed password. Without its space held, the
    // terms box below jumped down as the app started, and a tap aimed at it landed elsewhere.
    const release = await holdApp(page);
    await page.goto('/register');
    await page.getByLabel('Senha', { exact: true }).fill('12345');
    const terms = page.getByLabel(/Li e aceito/);
    const before = await terms.boundingBox();
    release();
    await expect(page.getByText('Força da senha: curta demais (mínimo de 8 caracteres)')).toBeVisible();
    expect(await terms.boundingBox()).toEqual(before);
  });

  test('a masked field typed into before the app keeps its text, masked once the app runs', async ({
    page,
  }) => {
    const release = await holdApp(page);
    await page.goto('/checkout');
    await expect(page.locator('#root :disabled')).toHaveCount(0);
    await page.getByLabel('CPF').fill('52998224725');
    await page.getByLabel('CPF').press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    release();
    await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    await expect(page.getByText('Email é obrigatório').first()).toBeVisible();
    await expect(page.getByText('CPF é obrigatório')).toHaveCount(0);
  });

  test('a page scrolled before the app arrives stays where it was; the button under the thumb is sent', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() =>
      document.addEventListener('confraria:page-adopted', () =>
        document.documentElement.setAttribute('data-test-adopted', ''),
      ),
    );
    const release = await holdApp(page);
    await page.goto('/checkout');
    const button = page.getByRole('button', { name: /Gerar Link de Pagamento/ });
    await button.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await expect(page.locator('html')).toHaveAttribute('data-test-adopted', '');
    // The router's first render has run by the frame after the adoption.
    const after = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
        ),
    );
    expect(after).toBe(scrolled);
    await button.click();
    await expect(page.getByRole('alert')).toContainText('Nome é obrigatório');
  });

  test('the content pages come without the app; their script drives the FAQ and the phone menu', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    // Each page asks for the static pages' script (the browser may ask twice: a request is what it
    // does, not how often); none asks for the app or its starter.
    for (const path of ['/sobre-nos', '/termos', '/privacidade', '/faq']) {
      const before = scripts.length;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        scripts.slice(before).some((script) => /^\/assets\/static-page-/.test(script)),
        `${path} loads the static pages' script`,
      ).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /^\/assets\/(main|boot|react-dom|router|query)-/.test(script))).toEqual(
      [],
    );

    // Typed as soon as the page is there: searched, answers open one at a time.
    await page.getByLabel('Buscar nas perguntas').fill('PIX');
    await expect(page.getByRole('heading', { level: 2, name: /resultados? para “PIX”/ })).toBeVisible();
    await page.getByRole('heading', { name: 'Quais são as formas de pagamento?' }).click();
    await expect(answerOf(page, 'Quais são as formas de pagamento?')).toHaveAttribute('open', '');
    await page.getByRole('button', { name: /^Geral/ }).click();
    await expect(page.getByLabel('Buscar nas perguntas')).toHaveValue('');
    await expect(page.getByRole('heading', { level: 2, name: 'Geral' })).toBeVisible();

    // Links are documents the server renders: the menu leads to the contact page, hydrated.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Contato' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fale Conosco' })).toBeVisible();
    await expect(page.getByLabel('Nome')).toBeEnabled();
    // The app follows the page's first paint (its controls are usable meanwhile).
    await expect.poll(() => scripts.some((script) => /^\/assets\/main-/.test(script))).toBe(true);
    expect(errors).toEqual([]);
  });

  for (const entry of PAGES) {
    test(`${entry.path}: adopted without an error`, async ({ page }) => {
      const errors = consoleErrors(page);
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page.locator('#root :disabled')).toHaveCount(0);
      await expect(page.locator('#root button').first()).toBeEnabled();
      expect(errors).toEqual([]);
    });
  }
});

test('the checkout’s form checks arrive with its first focus, not with the page', async ({ page }) => {
  // Its bytes on the wire are held with the other forms' (e2e/forms-first-load.spec.ts).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/checkout');
  await expect(page.getByLabel('Nome completo')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const loaded = scripts.length;

  await page.getByLabel('Nome completo').focus();
  await expect.poll(() => scripts.length).toBeGreaterThan(loaded);
  await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(page.getByText('Email é obrigatório').first()).toBeVisible();
});

test('/contato opens without the data layer; its arrival remounts nothing; the next page has it', async ({
  page,
}) => {
  // ADR 055: TanStack Query and tRPC (the `query` chunk) load with the form's first focus, not the page.
  const errors = consoleErrors(page);
  const dataLayer = dataLayerLoads(page);
  await page.goto('/contato');
  const name = page.getByLabel('Nome');
  await expect(name).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(dataLayer).toHaveLength(0);

  await name.evaluate((element) => element.setAttribute('data-before', 'yes'));
  await name.fill('Bia Durante');
  await expect.poll(() => dataLayer.length).toBe(1);
  await page.waitForLoadState('networkidle');
  // The same field, with what was typed: the providers did not appear around the page on screen.
  await expect(name).toHaveAttribute('data-before', 'yes');
  await expect(name).toHaveValue('Bia Durante');

  // A page that uses the data layer, opened by the app: its providers are there.
  await page.getByRole('link', { name: 'Ver todas as perguntas frequentes' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Nome')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('/checkout opens without the data layer; its form loads it on first focus, remounting nothing', async ({
  page,
}) => {
  // ADR 055: the settings are the loader's data; the CEP lookup, the send and the held-back screen
  // load TanStack Query and tRPC (the `query` chunk) when used, the form's first focus before them.
  const errors = consoleErrors(page);
  const dataLayer = dataLayerLoads(page);
  await page.goto('/checkout');
  const name = page.getByLabel('Nome completo', { exact: true });
  await expect(name).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(dataLayer).toHaveLength(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura Anual' })).toBeVisible();

  await name.evaluate((element) => element.setAttribute('data-before', 'yes'));
  await name.fill('Bia Durante');
  await expect.poll(() => dataLayer.length).toBe(1);
  await page.waitForLoadState('networkidle');
  // The same field, with what was typed: nothing wrapped the page on screen when the layer came.
  await expect(name).toHaveAttribute('data-before', 'yes');
  await expect(name).toHaveValue('Bia Durante');
  expect(errors).toEqual([]);
});
