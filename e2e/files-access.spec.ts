/**
 * The club's files are for memberships in force (ADR 029): a brand-new account that never paid
 * nor confirmed its e-mail sees how to join (with the checkout link) and the API refuses it; an
 * expired member is offered the renewal; an active member sees the files. Axe-clean at 390 and 1280.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { expect, test, uniqueEmail } from './fixtures';
import { createSeededMember, logIn, MEMBER_PASSWORD } from './members';

const MEMBERS_ONLY =
  'Os arquivos do clube são exclusivos para confrades com a assinatura em dia. Assine ou renove sua assinatura para acessá-los.';

async function expectAxeClean(page: Page, label: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `${label} at ${width}px`).toEqual([]);
  }
}

test('a non-paying account sees how to join, and the API answers 403', async ({ page }) => {
  const email = uniqueEmail('sem-assinatura');
  const registered = await page.request.post('/api/auth/register', {
    data: { name: 'Nina Curiosa', email, password: MEMBER_PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await logIn(page, email);
  await page.goto('/user/drive');
  await expect(page.getByRole('heading', { level: 1, name: 'Arquivos' })).toBeVisible();
  const locked = page.getByTestId('files-locked');
  await expect(locked.getByRole('heading', { name: 'Arquivos exclusivos para confrades' })).toBeVisible();
  await expect(
    locked.getByText(
      'Os arquivos do clube são exclusivos para confrades com a assinatura em dia. Assine a Confraria para ter acesso.',
    ),
  ).toBeVisible();
  await expect(
    locked.getByText('Já assinou? Confirme seu email pelo link que enviamos para ver sua assinatura.'),
  ).toBeVisible();
  await expect(locked.getByRole('link', { name: 'Assinar agora' })).toHaveAttribute('href', '/checkout');
  await expect(page.locator('li.drive-card')).toHaveCount(0);
  await expectAxeClean(page, 'files locked');

  // The same session asking the API directly: 403 in Portuguese on the list and on any file.
  for (const url of ['/api/drive/public', '/api/drive/files/aaaaaaaaaaaaaaaaaaaaaaaa']) {
    const answer = await page.request.get(url);
    expect(answer.status(), url).toBe(403);
    expect(await answer.json()).toEqual({ error: MEMBERS_ONLY });
  }
});

test('an expired member is offered the renewal; an active member sees the files', async ({ page }) => {
  const expired = await createSeededMember(page.request, {
    name: 'Otávio Vencido',
    status: 'expired',
    endInDays: -10,
  });
  await logIn(page, expired.email);
  await page.goto('/user/drive');
  const locked = page.getByTestId('files-locked');
  await expect(
    locked.getByText('Sua assinatura venceu. Renove para voltar a ter acesso aos arquivos do clube.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Renovar assinatura' })).toBeVisible();
  await expect(
    page.getByText('Renovação anual por R$ 897,00: mais 365 dias somados ao seu período atual.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renovar agora' })).toBeVisible();
  await expectAxeClean(page, 'files for an expired member');

  await page.context().clearCookies();
  const active = await createSeededMember(page.request, { name: 'Paula Em Dia' });
  await logIn(page, active.email);
  await page.goto('/user/drive');
  await expect(page.getByLabel('Buscar')).toBeVisible();
  await expect(page.getByTestId('files-locked')).toHaveCount(0);
  const list = await page.request.get('/api/drive/public');
  expect(list.status()).toBe(200);
  await expectAxeClean(page, 'files for an active member');
});
