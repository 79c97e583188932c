/**
 * The PIX key on the settings screen (ADR 031): the type is shown as the owner types; a key that
 * is both a valid CPF and a mobile number asks which one it is and is saved with the choice; a
 * stored key that does not resolve is shown as an error to fix. Axe-clean with the choice open.
 * The name on the card bill (ADR 030), within Pagar.me's rule, at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { ADMIN } from './members';

async function openSettings(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/settings');
  await expect(page.getByLabel('Chave PIX')).toBeVisible();
}

const CHOICE = 'Esta chave pode ser um CPF ou um celular. Qual das duas é a sua chave PIX?';
const save = (page: Page) => page.getByRole('button', { name: 'Salvar configurações' }).click();

/** Puts the default key back: other specs read it. */
async function restoreDefaultKey(page: Page) {
  await page.goto('/admin/settings');
  await page.getByLabel('Chave PIX').fill('contato@confraria.local');
  await save(page);
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
}

test('the key’s type shows as it is typed; a CPF that is also a mobile number asks which, and the choice is saved', async ({
  page,
}) => {
  await openSettings(page);
  const key = page.getByLabel('Chave PIX');
  const detected = page.getByRole('status').filter({ hasText: 'Tipo de chave' });
  try {
    await expect(detected).toHaveText('Tipo de chave: E-mail (contato@confraria.local)');
    await key.fill('529.982.247-25');
    await expect(detected).toHaveText('Tipo de chave: CPF (529.982.247-25)');
    await key.fill('(21) 99876-5432');
    await expect(detected).toHaveText('Tipo de chave: Telefone (+55 21 99876-5432)');
    await key.fill('11 91008-6304');
    await expect(detected).toHaveText('Tipo de chave: CPF ou telefone');

    const choice = page.getByRole('group', { name: CHOICE });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(choice.getByRole('radio', { name: 'CPF 119.100.863-04' })).not.toBeChecked();
    await expect(choice.getByRole('radio', { name: 'Telefone +55 11 91008-6304' })).not.toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Nothing is saved until the owner says which one it is.
    await save(page);
    await expect(
      choice.getByText('Esta chave pode ser um CPF ou um celular: escolha qual das duas é a sua chave PIX'),
    ).toBeVisible();
    await choice.getByRole('radio', { name: 'Telefone +55 11 91008-6304' }).check();
    await save(page);
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    await expect(key).toHaveValue('+5511910086304');
    await expect(detected).toHaveText('Tipo de chave: Telefone (+55 11 91008-6304)');
    await expect(page.getByRole('group', { name: CHOICE })).toHaveCount(0);

    // Saved as a CPF, the same digits keep the owner's choice when the screen opens again.
    await key.fill('11910086304');
    await page.getByRole('radio', { name: 'CPF 119.100.863-04' }).check();
    await save(page);
    await expect(page.getByText('Configurações salvas com sucesso!').first()).toBeVisible();
    await page.reload();
    await expect(key).toHaveValue('11910086304');
    await expect(page.getByRole('radio', { name: 'CPF 119.100.863-04' })).toBeChecked();
    await expect(page.getByRole('alert').filter({ hasText: 'A chave PIX salva não é válida' })).toHaveCount(
      0,
    );
  } finally {
    await restoreDefaultKey(page);
  }
});

test('a stored key that does not resolve is shown as an error to fix, not replaced', async ({ page }) => {
  // The screen as it opens over a key saved by an older version: a CPF that is also a mobile
  // number, with no type chosen (the answer of settings.get is rewritten on its way in).
  await page.route('**/trpc/**', async (route) => {
    const response = await route.fetch();
    const url = route.request().url();
    if (!url.includes('settings.get')) return route.fulfill({ response });
    const body = JSON.parse(await response.text()) as unknown;
    const legacy = (value: unknown): void => {
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if ('pixKey' in record && 'pixKeyType' in record) {
        record.pixKey = '11910086304';
        record.pixKeyType = null;
      }
      Object.values(record).forEach(legacy);
    };
    legacy(body);
    return route.fulfill({ response, body: JSON.stringify(body) });
  });
  await openSettings(page);
  try {
    await expect(page.getByRole('alert').filter({ hasText: 'A chave PIX salva não é válida' })).toHaveText(
      'A chave PIX salva não é válida e nenhum QR Code PIX é gerado até ela ser corrigida. Corrija a chave abaixo e salve.',
    );
    await expect(page.getByLabel('Chave PIX')).toHaveValue('11910086304');
    const choice = page.getByRole('group', { name: CHOICE });
    await expect(
      choice.getByText('Esta chave pode ser um CPF ou um celular: escolha qual das duas é a sua chave PIX'),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.unroute('**/trpc/**');
    await choice.getByRole('radio', { name: 'CPF 119.100.863-04' }).check();
    await save(page);
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'A chave PIX salva não é válida' })).toHaveCount(
      0,
    );
  } finally {
    await restoreDefaultKey(page);
  }
});

test('the name on the card bill is refused outside Pagar.me’s rule and saved in upper case', async ({
  page,
}) => {
  await openSettings(page);
  const field = page.getByLabel('Nome na fatura do cartão');
  try {
    await expect(field).toHaveValue('CONFRARIA');
    await field.fill('Vinhos & Cia');
    await save(page);
    await expect(
      page.getByText('Nome na fatura do cartão: use de 1 a 13 letras sem acento, números ou espaços'),
    ).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    }
    await field.fill('vinhos amigos');
    await save(page);
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    await page.reload();
    await expect(field).toHaveValue('VINHOS AMIGOS');
  } finally {
    await field.fill('CONFRARIA');
    await save(page);
    await expect(page.getByText('Configurações salvas com sucesso!').first()).toBeVisible();
  }
});
