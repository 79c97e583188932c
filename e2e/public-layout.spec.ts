/**
 * What a walk through every public page in a real browser found: the club's name on
 * one line at 390 px, header and content on one container at 1280 px, the contact result below
 * the sticky header, checkout rows that stay aligned whatever their messages, the total near the
 * top of /checkout on a phone, the created link offered again after Back, and the hero's text
 * legible on every slide.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcRoute } from './trpc';
import { seriousA11yViolations } from './a11y';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PRICE = 'R$ 1.497,00';

/** Every page with the public header, and /checkout with its own slim one. */
const PAGES = ['/', '/sobre-nos', '/contato', '/faq', '/termos', '/privacidade', '/test-api', '/checkout'];
const BRAND = '.pub-brand span, .co-header__brand';
const LOGO = '.pub-brand, .co-header__brand';

/** How many lines an element's text takes (one rectangle per line box of its text). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test.describe('header', () => {
  for (const path of PAGES) {
    test(`${path}: the club's name fits on one line at 390 px`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const brand = page.locator(BRAND).first();
      await expect(brand).toHaveText(/Confraria/);
      expect(await lineCount(brand)).toBe(1);
      const { height, lineHeight } = await brand.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      }));
      expect(height).toBeLessThanOrEqual(lineHeight + 1);
    });

    test(`${path}: at 1280 px the logo and the content start at the same x`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading).toBeVisible();
      const logo = await page.locator(LOGO).first().boundingBox();
      const content = await heading.boundingBox();
      expect(logo && content).toBeTruthy();
      expect(Math.abs(logo!.x - content!.x)).toBeLessThanOrEqual(1);
    });
  }
});

test('contact on a phone: "Mensagem Enviada!" shows below the sticky header', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.route(trpcRoute('contact.send'), (route) =>
    answerTrpc(route, 'contact.send', { data: { success: true } }),
  );
  await page.goto('/contato');
  await page.getByLabel('Nome').fill('Ana Souza');
  await page.getByLabel('E-mail').fill('ana@teste.com.br');
  await page.getByLabel('Assunto').fill('Degustação');
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Quando será a próxima degustação presencial?');
  const send = page.getByRole('button', { name: 'Enviar mensagem' });
  await send.scrollIntoViewIfNeeded();
  await send.click();
  const heading = page.getByRole('heading', { name: 'Mensagem Enviada!' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  const header = await page.locator('.pub-header').boundingBox();
  const box = await heading.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

/** The tops and heights of the inputs of every two-field row of the address. */
async function rowGeometry(page: Page) {
  return page.locator('.co-row').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('input, select')].map((input) => {
        const box = input.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    ),
  );
}

test('/checkout at 1280 px: fields in a row stay aligned with and without messages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/checkout');
  await expect(page.getByLabel('Bairro')).toBeVisible();
  const before = await rowGeometry(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  for (const row of before) {
    expect(row).toHaveLength(2);
    expect(row[1]).toEqual(row[0]);
  }
  // One field of each row fails, its neighbour does not.
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Estado').selectOption('SP');
  await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(page.getByLabel('Bairro')).toHaveAccessibleDescription(/obrigatório/);
  await expect(page.getByLabel('Complemento (opcional)')).not.toHaveAttribute('aria-invalid', 'true');
  const after = await rowGeometry(page);
  // Messages above a row move it as a whole; inside it, tops and heights stay equal and unchanged.
  for (const [i, row] of after.entries()) {
    expect(row[1], `row ${i}`).toEqual(row[0]);
    expect(row[0]!.height, `row ${i}`).toBe(before[i]![0]!.height);
  }
});

test('/checkout at 390 px: the total is in the first viewport', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/checkout');
  await expect(page.getByText(`${PRICE}/ano`, { exact: true }).first()).toBeInViewport({ ratio: 1 });
});

test('/checkout: after creating a link, Back offers the same link again', async ({ page, context }) => {
  await page.route(trpcRoute('checkout.cep'), (route) =>
    answerTrpc(route, 'checkout.cep', {
      status: 502,
      code: 'BAD_GATEWAY',
      message: 'Não foi possível consultar o CEP.',
    }),
  );
  await page.goto('/checkout');
  await page.getByLabel('Nome completo').fill('Bia Voltar');
  await page.getByLabel('Email').fill(uniqueEmail('voltar'));
  await page.getByLabel('Telefone / WhatsApp').pressSequentially('11987654321');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Endereço (rua, avenida)').fill('Avenida Paulista');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').selectOption('SP');
  await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(page.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
  const created = await page.getByRole('link', { name: /Abrir Link de Pagamento/ }).getAttribute('href');
  expect(created).toMatch(/^https?:\/\//);

  await page.getByRole('link', { name: 'Acompanhar Status do Pagamento' }).click();
  await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Você já criou um link de pagamento para Bia Voltar.')).toBeVisible();
  const offer = page.getByRole('link', { name: /Abrir Link de Pagamento/ });
  await expect(offer).toHaveAttribute('href', created!);
  // The form is there too, for another purchase.
  await expect(page.getByLabel('Nome completo')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const [provider] = await Promise.all([context.waitForEvent('page'), offer.click()]);
  await provider.waitForLoadState();
  expect(provider.url()).toBe(created);
  await expect(provider.getByRole('button', { name: 'Pagar com cartão' })).toBeVisible();
});

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
function luminance(rgb: readonly number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The hero's texts drawn on the slide: the headline is large text (3:1), the rest 4.5:1. */
const HERO_TEXTS = [
  { selector: '.hero .eyebrow', min: 4.5 },
  { selector: '.hero__title', min: 3 },
  { selector: '.hero__text', min: 4.5 },
  { selector: '.hero .pub-btn-light', min: 4.5 },
] as const;

/**
 * The worst contrast of each hero text against what is drawn behind it: the slide and its scrim
 * photographed with the texts hidden, the brightest pixels (99th percentile) under each text box.
 * axe cannot judge text over an image (it reports it as "incomplete"), this can.
 */
async function heroContrasts(page: Page) {
  const texts = await Promise.all(
    HERO_TEXTS.map(async ({ selector, min }) => {
      const { boxes, color } = await page
        .locator(selector)
        .first()
        .evaluate((node) => {
          // The lines of text themselves, not the (wider) block that holds them.
          const range = document.createRange();
          range.selectNodeContents(node);
          return {
            boxes: [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height })),
            color: getComputedStyle(node)
              .color.match(/\d+(\.\d+)?/g)!
              .slice(0, 3)
              .map(Number),
          };
        });
      return { selector, min, boxes, textLuminance: luminance(color) };
    }),
  );
  await page.addStyleTag({ content: '.hero__content * { visibility: hidden !important; }' });
  const png = await page.screenshot();
  await page.addStyleTag({ content: '.hero__content * { visibility: visible !important; }' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return texts.map(({ selector, min, boxes, textLuminance }) => {
    const values: number[] = [];
    for (const box of boxes) collect(box);
    function collect(box: { x: number; y: number; width: number; height: number }) {
      const x0 = Math.max(0, Math.floor(box.x));
      const y0 = Math.max(0, Math.floor(box.y));
      const x1 = Math.min(info.width, Math.ceil(box.x + box.width));
      const y1 = Math.min(info.height, Math.ceil(box.y + box.height));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * info.width + x) * info.channels;
          values.push(luminance([...data.subarray(i, i + 3)]));
        }
      }
    }
    values.sort((a, b) => a - b);
    const background = values[Math.floor(values.length * 0.99)] ?? 0;
    return { selector, min, ratio: Math.round(contrast(textLuminance, background) * 100) / 100 };
  });
}

test.describe('hero legibility', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`every slide keeps its texts legible at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      for (let n = 1; n <= 6; n++) {
        const dot = page.getByRole('button', { name: `Mostrar foto ${n} de 6` });
        await dot.click();
        await expect(dot).toHaveAttribute('aria-current', 'true');
        const image = page.locator('.hero__slide--active img');
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        // Nothing moves while we look (the dot keeps the focus, which also pauses the rotation).
        await page.mouse.move(0, 0);

        const axe = await new AxeBuilder({ page }).include('.hero').withRules(['color-contrast']).analyze();
        expect(
          axe.violations.map((violation) => violation.nodes.map((node) => node.target.join(' '))),
          `slide ${n}`,
        ).toEqual([]);

        const measured = await heroContrasts(page);
        for (const { selector, min, ratio } of measured) {
          expect.soft(ratio, `slide ${n}, ${selector}`).toBeGreaterThanOrEqual(min);
        }
      }
    });
  }
});
