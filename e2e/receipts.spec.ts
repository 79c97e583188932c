/**
 * Receipts in a real Chromium on the sandbox: a member renews with the test card, opens the
 * receipt from "Pagamentos" and downloads its PDF; the owner opens the same receipt from the
 * payment's "Detalhes"; a signed-out link to a receipt comes back to it after sign-in. At 390 and
 * 1280 px, axe clean.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, PHONE } from './demo-club';
import { expect, payWithTestCard, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin } from './members';

async function renewOnSandbox(page: Page) {
  await page.goto('/user/subscription');
  await page.getByRole('button', { name: 'Renovar agora' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
  await payWithTestCard(page);
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
}

for (const size of [PHONE, DESKTOP]) {
  test(`a member opens the receipt of a renewal paid by card and downloads its PDF, at ${size.width} px`, async ({
    page,
  }) => {
    // Sign-in, a sandbox payment and a first PDF (PDFKit loads with it): more than a page's time.
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const member = await createSeededMember(page.request, { name: 'Rita Recibo', endInDays: 20 });
    await logIn(page, member.email);
    await renewOnSandbox(page);

    await page.goto('/user/payments');
    // The newest payment first: the renewal just paid.
    await page
      .getByRole('link', { name: /^Ver recibo do pagamento de/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/user\/payments\/[^/]+\/recibo$/);
    const receipt = page.getByRole('article', { name: 'Recibo de pagamento' });
    await expect(
      receipt.getByText(/^Recebemos de Rita Recibo a quantia de R\$\s897,00, referente a /),
    ).toBeVisible();
    await expect(
      receipt.getByRole('definition').filter({ hasText: /^Cartão de crédito .*final 1111$/ }),
    ).toBeVisible();
    await expect(receipt.getByText('Confraria Vinhos & Amigos').first()).toBeVisible();
    expect(await seriousA11yViolations(page), `axe at ${size.width}px`).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recibo-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}

test('the owner opens a payment’s receipt from its Detalhes; the member’s link survives a sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const name = `Recibo Do Dono ${stamp}`;
  const member = await createSeededMember(page.request, { name });
  await logInAsAdmin(page);
  await page.goto(`/admin/payments?search=${stamp}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: /Detalhes/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
  await detail.getByRole('link', { name: 'Abrir recibo' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/[^/]+\/recibo$/);
  const receipt = page.getByRole('article', { name: 'Recibo de pagamento' });
  await expect(
    receipt.getByText(new RegExp(`^Recebemos de ${name} a quantia de R\\$\\s1\\.497,00`)),
  ).toBeVisible();
  expect(await seriousA11yViolations(page), 'admin receipt').toEqual([]);
  const receiptPath = new URL(page.url()).pathname.replace('/admin/', '/user/');

  // The member's own link, opened signed out, returns to the receipt after sign-in.
  const context = await browser.newContext({ viewport: PHONE, baseURL: new URL(page.url()).origin });
  const memberPage = await context.newPage();
  await memberPage.goto(receiptPath);
  await expect(memberPage).toHaveURL(/\/login/);
  await memberPage.getByLabel('Email').fill(member.email);
  await memberPage.getByLabel('Senha', { exact: true }).fill('Taca-Rubi-Adega');
  await memberPage.getByRole('button', { name: 'Entrar' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`${receiptPath}$`));
  await expect(memberPage.getByRole('article', { name: 'Recibo de pagamento' })).toContainText(name);
  await context.close();
});
