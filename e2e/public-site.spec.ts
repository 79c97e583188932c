/**
 * The public site in a real Chromium against the real server: every page renders, passes axe-core
 * without serious or critical problems and is photographed at phone and desktop widths
 * (e2e/artifacts/); the carousel, contact form, FAQ, API panel, install banner and offline shell
 * behave as specified (docs/product/public-site-and-checkout.md §2).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { e2eDb, expect, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcRoute } from './trpc';
import { seriousA11yViolations } from './a11y';

/** A page at phone width with its "Menu" button and a link of the main navigation it shows. */
async function phoneMenuOn(page: Page, path: string, linkName: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  return {
    menu: page.getByRole('button', { name: 'Menu' }),
    link: page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: linkName }),
  };
}

const ARTIFACTS = path.resolve('e2e/artifacts');
const CLUB_EMAIL = 'contato@confraria.local';

const PAGES = [
  { path: '/', name: 'landing', title: 'Uma confraria para quem ama vinho' },
  { path: '/sobre-nos', name: 'sobre-nos', title: 'Sobre Nós' },
  { path: '/contato', name: 'contato', title: 'Fale Conosco' },
  { path: '/faq', name: 'faq', title: 'Perguntas Frequentes' },
  { path: '/termos', name: 'termos', title: 'Termos de Uso' },
  { path: '/privacidade', name: 'privacidade', title: 'Política de Privacidade' },
  { path: '/test-api', name: 'test-api', title: 'Teste da API' },
] as const;

const dot = (page: Page, n: number) => page.getByRole('button', { name: `Mostrar foto ${n} de 6` });
const slideImages = (page: Page) => page.locator('.hero__slides img');

test.describe('every public page', () => {
  for (const entry of PAGES) {
    test(`${entry.path} renders its title, passes axe and is photographed`, async ({ page }) => {
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      // A still carousel keeps the screenshots and the axe run stable.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await page.goto(entry.path);
        await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
        await expect(page.locator('.pub-footer')).toContainText(
          'Cancele quando quiser • Suporte completo • Satisfação garantida',
        );
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTIFACTS, `public-${entry.name}-${width}.png`),
          fullPage: true,
        });
      }
    });
  }

  test('the header navigation is reachable by keyboard, with a visible focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = page.getByRole('link', { name: 'Sobre Nós' }).first();
    await expect(focused).toBeFocused();
    const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sobre-nos$/);
  });
});

test('the e2e server runs the sandbox: every page shows the "Modo de teste" banner, visible on top', async ({
  page,
}) => {
  const banner = page.getByRole('note').filter({ hasText: 'Modo de teste' });
  for (const path of ['/', '/contato', '/checkout', '/login']) {
    await page.goto(path);
    await expect(banner, path).toHaveText('Modo de teste: pagamentos simulados, nenhuma cobrança real.');
    await expect(banner, path).toBeInViewport();
  }
});

test.describe('landing', () => {
  test('links: subscribe, "Já sou assinante", "Entrar"', async ({ page }) => {
    await page.goto('/');
    const subscribe = page.getByRole('link', { name: 'Quero ser confrade' }).first();
    await expect(subscribe).toHaveAttribute('href', '/checkout?name=Novo%20Assinante&email=&amount=149700');
    await expect(page.getByRole('link', { name: 'Já sou assinante' })).toHaveAttribute(
      'href',
      '/formulario-atualizacao',
    );
    await expect(page.getByRole('link', { name: 'Entrar' }).first()).toHaveAttribute('href', '/login');
    await expect(page.getByText('R$ 1.497,00')).toBeVisible();
    await expect(page.getByText('Plano Único!')).toBeVisible();
    for (const number of ['Top 5', '18k+', '36+'])
      await expect(page.getByText(number, { exact: true })).toBeVisible();
    for (const social of ['Instagram', 'YouTube', 'Vivino']) {
      await expect(
        page.locator('.social--section').getByRole('link', { name: new RegExp(social) }),
      ).toBeVisible();
    }

    await subscribe.click();
    await expect(page).toHaveURL(/\/checkout\?/);
  });

  test('the carousel advances every 5 s, its dots choose a slide, and it loads images lazily', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    // Only the first image comes with the page.
    await expect(slideImages(page)).toHaveCount(1);

    await page.clock.runFor(5_000);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await expect(dot(page, 1)).not.toHaveAttribute('aria-current', 'true');
    await expect(
      page.getByRole('img', { name: 'Confrade avaliando a cor de um vinho tinto na taça' }),
    ).toBeVisible();

    await page.clock.runFor(5_000);
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');

    // A dot shows its slide at once (keyboard too).
    await dot(page, 6).focus();
    await page.keyboard.press('Enter');
    await expect(dot(page, 6)).toHaveAttribute('aria-current', 'true');
    await expect(
      page.getByRole('img', { name: 'Grupo de confrades conversando com taças na mão' }),
    ).toBeVisible();

    // Focus (and hover) inside the hero pause the rotation.
    await page.clock.runFor(12_000);
    await expect(dot(page, 6)).toHaveAttribute('aria-current', 'true');
    await dot(page, 6).blur();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    // The pause button stops it for good.
    await page.getByRole('button', { name: 'Pausar apresentação' }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(12_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Retomar apresentação' })).toBeVisible();
  });

  test('with reduced motion the carousel does not rotate by itself', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(16_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Pausar apresentação' })).toHaveCount(0);
    await dot(page, 4).click();
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true');
  });

  test("is a static page without the app; the app's links to / load it", async ({ page }) => {
    // The app's script, or on a page the server rendered, the starter that loads it (ADR 024).
    const appScript = page.locator('script[src*="/assets/main-"], script[data-entry*="/assets/main-"]');
    const landingScript = page.locator('script[src*="/assets/static-page-"]');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: PAGES[0].title })).toBeVisible();
    await expect(appScript).toHaveCount(0);
    await expect(landingScript).toHaveCount(1);

    await page.goto('/contato');
    await expect(appScript).toHaveCount(1);
    await page.locator('.pub-brand').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: PAGES[0].title })).toBeVisible();
    await expect(landingScript).toHaveCount(1);
    await expect(appScript).toHaveCount(0);
    // The history keeps one entry for /: back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/contato$/);

    // Any other in-app way to / (here the sign-in screen's logo) also ends on the static page.
    await page.goto('/login');
    await page.locator('.auth-brand').click();
    await expect(page.getByRole('heading', { level: 1, name: PAGES[0].title })).toBeVisible();
    await expect(landingScript).toHaveCount(1);
  });

  test('the phone menu opens on the static landing', async ({ page }) => {
    const { menu, link: about } = await phoneMenuOn(page, '/', 'Sobre Nós');
    await expect(about).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await about.click();
    await expect(page).toHaveURL(/\/sobre-nos$/);
  });

  test('on a phone, Esc closes the menu and gives the focus back to its button, on the landing and in the app', async ({
    page,
  }) => {
    for (const path of ['/', '/faq', '/contato']) {
      const { menu, link: about } = await phoneMenuOn(page, path, 'Sobre Nós');
      // A tap before the page's script (or the app) has taken the button over does nothing.
      await expect(async () => {
        await menu.click();
        await expect(about).toBeVisible({ timeout: 500 });
      }).toPass();
      await page.keyboard.press('Escape');
      await expect(menu, path).toHaveAttribute('aria-expanded', 'false');
      await expect(about, path).toBeHidden();
      await expect(menu, path).toBeFocused();
    }
  });

  test('on a phone, the menu opens, is walked and closes from the keyboard, on the static pages and in the app', async ({
    page,
  }) => {
    for (const path of ['/', '/faq', '/contato']) {
      const { menu, link: home } = await phoneMenuOn(page, path, 'Início');
      await expect(menu, path).toHaveAttribute('aria-expanded', 'false');
      // The first key may come before the page's script (or the app) has taken the button over.
      await expect(async () => {
        await menu.focus();
        await page.keyboard.press('Enter');
        await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
      }).toPass();
      await page.keyboard.press('Tab');
      await expect(home, path).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu, path).toHaveAttribute('aria-expanded', 'false');
      await expect(menu, path).toBeFocused();
      await expect(home, path).toBeHidden();
      await page.keyboard.press('Space');
      await expect(menu, path).toHaveAttribute('aria-expanded', 'true');
      await expect(home, path).toBeVisible();
      await page.keyboard.press('Space');
      await expect(menu, path).toHaveAttribute('aria-expanded', 'false');
      await expect(home, path).toBeHidden();
    }
  });

  test('a signed-in member who opens / goes to the member area', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const response = await request.post('/api/auth/register', {
      data: { name: 'Confrade Logado', email: uniqueEmail('landing'), password: 'Taca-Rubi-Adega' },
    });
    expect(response.status()).toBe(201);
    const { token } = (await response.json()) as { token: string };
    await context.addCookies([{ name: 'confraria_session', value: token, url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
});

test.describe('contact', () => {
  test('sends a message: "Mensagem Enviada!" and an e-mail queued to the club address', async ({ page }) => {
    const subject = `Degustação de ${Date.now()}`;
    const email = uniqueEmail('contato');
    await page.goto('/contato');
    await expect(page.getByText('Respondemos em até 24 horas')).toBeVisible();
    await expect(page.locator('.contact__aside')).toContainText(CLUB_EMAIL);
    await expect(page.locator('.hours')).toContainText('Sábado');
    await expect(page.getByRole('link', { name: 'Ver todas as perguntas frequentes' })).toHaveAttribute(
      'href',
      '/faq',
    );

    // All four fields are required: an empty form is not sent, each field says why (the server's
    // own schema and messages), and the first one takes the focus.
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.locator('form :invalid')).toHaveCount(4);
    await expect(page.getByLabel('Nome')).toBeFocused();
    await expect(page.getByLabel('Nome')).toHaveAccessibleDescription('Nome é obrigatório');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Email é obrigatório');
    await expect(page.getByLabel('Assunto')).toHaveAccessibleDescription('Assunto é obrigatório');
    await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveAccessibleDescription(
      'Mensagem é obrigatória',
    );
    await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveAttribute('rows', '5');
    // What the server would refuse (an address without a domain) is refused at the field.
    await page.getByLabel('E-mail').fill('rui@invalido');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Email inválido');

    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Assunto').fill(subject);
    await page
      .getByRole('textbox', { name: 'Mensagem' })
      .fill('Quando será a próxima degustação presencial?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByRole('heading', { name: 'Mensagem Enviada!' })).toBeVisible();

    const queued = e2eDb.outboxFor(CLUB_EMAIL).find((message) => message.subject === `[Contato] ${subject}`);
    expect(queued).toMatchObject({ channel: 'email', template: 'contact' });
    expect(queued?.body).toContain(email);

    await page.getByRole('button', { name: 'Enviar nova mensagem' }).click();
    await expect(page.getByLabel('Nome')).toHaveValue('');
    await expect(page.getByLabel('Nome')).toBeFocused();
  });

  test('over the limit, the screen says to wait a minute, not the generic failure', async ({ page }) => {
    await page.route(trpcRoute('contact.send'), (route) =>
      answerTrpc(route, 'contact.send', {
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
      }),
    );
    await page.goto('/contato');
    await page.getByLabel('Nome').fill('Ana');
    await page.getByLabel('E-mail').fill('ana@teste.com.br');
    await page.getByLabel('Assunto').fill('Teste');
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Olá');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
  });

  test('a failed send shows the spec alert and keeps what was typed', async ({ page }) => {
    await page.route(trpcRoute('contact.send'), (route) =>
      answerTrpc(route, 'contact.send', { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'x' }),
    );
    await page.goto('/contato');
    await page.getByLabel('Nome').fill('Ana');
    await page.getByLabel('E-mail').fill('ana@teste.com.br');
    await page.getByLabel('Assunto').fill('Teste');
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Olá');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Erro ao enviar mensagem. Tente novamente ou entre em contato diretamente via WhatsApp.',
    );
    await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('Olá');
  });
});

test.describe('FAQ', () => {
  // A question is the heading in its <details>' summary: a click on it opens or closes the answer.
  const question = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
  const item = (page: Page, name: string) => page.locator('details', { has: question(page, name) });

  test('categories with counts, geral first; switching shows that category', async ({ page }) => {
    await page.goto('/faq');
    const categories = page.getByRole('group', { name: 'Categorias' }).getByRole('button');
    await expect(categories).toHaveCount(5);
    await expect(page.getByRole('button', { name: /^Geral/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /^Geral/ })).toContainText('5');
    await expect(question(page, 'Vocês fazem degustações?')).toBeVisible();

    await page.getByRole('button', { name: /^Pagamento/ }).click();
    await expect(page.getByRole('button', { name: /^Pagamento/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(question(page, 'Quais são as formas de pagamento?')).toBeVisible();
    await expect(question(page, 'Vocês fazem degustações?')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Fale conosco' }).first()).toHaveAttribute(
      'href',
      '/contato',
    );
    await expect(page.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/5511999990000/,
    );
  });

  test('the accordion keeps one answer open and a click toggles it', async ({ page }) => {
    await page.goto('/faq');
    const first = question(page, 'Vocês fazem degustações?');
    const second = question(page, 'Como funciona a comunidade?');
    await first.click();
    await expect(item(page, 'Vocês fazem degustações?')).toHaveAttribute('open', '');
    await expect(page.getByText(/Realizamos degustações mensais/)).toBeVisible();
    await second.click();
    await expect(item(page, 'Como funciona a comunidade?')).toHaveAttribute('open', '');
    await expect(item(page, 'Vocês fazem degustações?')).not.toHaveAttribute('open');
    await expect(page.getByText(/Realizamos degustações mensais/)).toBeHidden();
    await second.click();
    await expect(item(page, 'Como funciona a comunidade?')).not.toHaveAttribute('open');
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px, the FAQ drawn by the app filters by category and search; axe finds nothing serious`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/contato');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' })).toBeVisible();

      await page.getByRole('button', { name: /^Pagamento/ }).click();
      await expect(page.getByRole('button', { name: /^Pagamento/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: /^Geral/ })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeVisible();
      await expect(question(page, 'Quais são as formas de pagamento?')).toBeVisible();
      await expect(question(page, 'Vocês fazem degustações?')).toHaveCount(0);
      await question(page, 'Quais são as formas de pagamento?').click();
      await expect(item(page, 'Quais são as formas de pagamento?')).toHaveAttribute('open', '');

      const search = page.getByLabel('Buscar nas perguntas');
      await search.fill('degustacoes');
      await expect(
        page.getByRole('heading', { level: 2, name: /resultados? para “degustacoes”/ }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pagamento/ })).toHaveAttribute('aria-pressed', 'false');
      await expect(question(page, 'Vocês fazem degustações?')).toBeVisible();
      await expect(page.locator('details[open]')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await search.fill('xilofone');
      await expect(page.getByText('Nenhuma pergunta encontrada.', { exact: false })).toBeVisible();
      await page.getByRole('button', { name: /^Geral/ }).click();
      await expect(search).toHaveValue('');
      await expect(question(page, 'Vocês fazem degustações?')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
    });
  }

  test('search filters questions and answers, ignoring accents', async ({ page }) => {
    await page.goto('/faq');
    const search = page.getByLabel('Buscar nas perguntas');
    await search.fill('PLANO MENSAL');
    await expect(question(page, 'Existe plano mensal?')).toBeVisible();
    await question(page, 'Existe plano mensal?').click();
    await expect(page.getByText(/R\$\s49,90/)).toBeVisible();
    await expect(question(page, 'Vocês fazem degustações?')).toHaveCount(0);

    await search.fill('servidor de chat'); // found in an answer only
    await expect(question(page, 'Como funciona a comunidade?')).toBeVisible();

    await search.fill('degustacoes'); // no accent: still finds "degustações"
    await expect(question(page, 'Vocês fazem degustações?')).toBeVisible();

    await search.fill('xilofone');
    await expect(page.getByText('Nenhuma pergunta encontrada.', { exact: false })).toBeVisible();
    await search.fill('');
    await expect(question(page, 'Vocês fazem degustações?')).toBeVisible();
  });
});

test.describe('terms and privacy', () => {
  test('twelve sections, last update today, cross links', async ({ page }) => {
    const today = formatDate(new Date());
    await page.goto('/termos');
    await expect(page.locator('.legal__section')).toHaveCount(12);
    await expect(page.getByText(`Última atualização: ${today}`)).toBeVisible();
    await expect(page.getByText(/Não há reembolso proporcional/)).toBeVisible();
    await expect(page.getByText(/ao fim do período pago/)).toBeVisible();
    await page.getByRole('link', { name: 'Política de Privacidade' }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    await expect(page.locator('.legal__section')).toHaveCount(12);
    for (const text of ['LGPD', '15 dias úteis', '5 anos', 'até 2 anos', 'até 3 anos', '30 dias']) {
      await expect(page.locator('.legal').getByText(text).first()).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Termos de Uso' }).last()).toHaveAttribute('href', '/termos');
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('API test panel shows the raw answers and the base URL', async ({ page, baseURL }) => {
  await page.goto('/test-api');
  await expect(page.getByText(`${baseURL}/api`)).toBeVisible();
  await page.getByRole('button', { name: 'Testar saúde da API' }).click();
  await expect(page.getByLabel('Resposta de /api/health')).toContainText('"status": "ok"');
  await page.getByRole('button', { name: 'Testar provedor de cartão' }).click();
  await expect(page.getByLabel('Resposta de /api/test/pagarme')).toContainText('"provider": "sandbox"');
  await page.getByRole('button', { name: 'Testar mensageria' }).click();
  await expect(page.getByLabel('Resposta de /api/test/whatsapp')).toContainText('"whatsapp"');
});

test.describe('installable app', () => {
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });

  test('the banner appears when the browser offers installation and "Agora não" is remembered', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Instalar App' })).toHaveCount(0);
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Instalar App' })).toBeVisible();
    await page.getByRole('button', { name: 'Agora não' }).click();
    await expect(page.getByRole('button', { name: 'Instalar App' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Instalar App' })).toHaveCount(0);
  });

  test('the manifest names the app, its icons and the theme colour', async ({ request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Confraria Vinhos & Amigos', theme_color: '#801F2B' });
    for (const size of ['192x192', '512x512'])
      expect(manifest.icons.some((icon) => icon.sizes === size)).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  });

  test('after a first visit the site opens offline', async ({ page, context }) => {
    await page.goto('/');
    // Ready once the worker controls the page and its cache holds the landing, the script it runs
    // and the first carousel image (the worker caches at install and what the page reports).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            if (!navigator.serviceWorker.controller) return 'no controlling worker';
            const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
            if (!entry) return 'no entry script';
            for (const path of ['/', entry, '/images/members/brinde.svg'])
              if (!(await caches.match(path))) return `${path} not cached`;
            return 'ready';
          }),
        { timeout: 15_000 },
      )
      .toBe('ready');

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Uma confraria para quem ama vinho' }),
      ).toBeVisible();
      await expect(page.getByRole('img', { name: 'Confrades erguendo as taças em um brinde' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('the worker keeps the pages and their code, never data or the password dictionaries', async ({
    page,
  }) => {
    await page.goto('/');
    // Controlling once installed: the documents and the precache are kept by then.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    // A call of the API through the worker, and an app page that reads the club's settings.
    await page.goto('/test-api');
    await page.getByRole('button', { name: 'Testar saúde da API' }).click();
    await expect(page.getByLabel('Resposta de /api/health')).toContainText('"status": "ok"');
    // A page the server rendered for its URL is not kept as the app's document.
    await page.goto('/contato');
    const contactHeading = await page.getByRole('heading', { level: 1 }).textContent();
    const appDocument = await page.evaluate(async () => (await caches.match('/index.html'))?.text());
    expect(appDocument).toContain('<div id="root">');
    expect(contactHeading).toBeTruthy();
    expect(appDocument).not.toContain(contactHeading!);

    const kept = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      return paths;
    });
    expect(kept).toEqual(expect.arrayContaining(['/', '/index.html', '/manifest.webmanifest']));
    expect(kept.some((path) => /^\/assets\/main-.*\.js$/.test(path))).toBe(true);
    expect(kept.filter((path) => /^\/(api|trpc|sandbox)(\/|$)/.test(path))).toEqual([]);
    // Fetched with a password field's first focus, not with a first visit (ADR 057).
    expect(kept.filter((path) => path.includes('password-dictionary'))).toEqual([]);
  });
});
