/**
 * Issue 37 §5 in the browser: the admin voids an open payment link from the subscriber's view
 * ("Cancelar link", a confirmation step, a Portuguese toast) and the payer's tracking page then says
 * the link was cancelled; the public checkout tells members to sign in to renew at the renewal
 * price. Axe clean at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, PHONE, runTag } from './demo-club';
import { createPublicPaymentLink, expect, test } from './fixtures';
import { logInAsAdmin } from './members';

test.describe.configure({ timeout: 120_000 });

async function expectAxeClean(page: Page, label: string) {
  expect(await seriousA11yViolations(page), `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

for (const size of [PHONE, DESKTOP]) {
  test(`the admin cancels an open link, and its page says so, at ${size.width} px`, async ({
    page,
    request,
  }) => {
    const tag = runTag();
    const name = `Rita ${tag} Link`;
    const link = await createPublicPaymentLink(request, { name, email: `rita.${tag}@exemplo.com.br` });

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?search=${tag}`);
    await page.getByRole('button', { name, exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Assinante' });
    await expect(view.getByRole('heading', { name: 'Links em aberto' })).toBeVisible();
    const open = view.getByRole('listitem').filter({ hasText: 'válido até' });
    await expect(open).toHaveCount(1);
    await expect(open).toContainText('Anual, R$ 1.497,00');

    await open.getByRole('button', { name: /^Cancelar link/ }).click();
    const confirm = view.getByRole('group', { name: 'Confirmar cancelamento do link' });
    await expect(confirm).toContainText('Cancelar este link? Ninguém poderá mais pagá-lo.');
    await expectAxeClean(page, 'confirmation');
    await confirm.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByText('Link de pagamento cancelado.')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Links em aberto' })).toHaveCount(0);
    await expectAxeClean(page, 'after the cancel');

    const status = await request.get(`/api/payment-links/status-public/${link.id}`);
    expect(((await status.json()) as { status: string }).status).toBe('cancelled');
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Cancelado' })).toBeVisible();
    await expect(page.getByText('Este link de pagamento foi cancelado pelo clube')).toBeVisible();
    await expectAxeClean(page, 'tracking page');
  });

  test(`the checkout points members to sign in to renew, at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/checkout');
    const hint = page.getByText('Já é confrade?');
    await expect(hint).toBeVisible();
    const signIn = page.getByRole('link', { name: 'Entre para renovar pelo valor de renovação.' });
    await expect(signIn).toHaveAttribute('href', '/login?redirect=%2Fuser%2Fsubscription');
    await expectAxeClean(page, 'checkout');
    await signIn.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fsubscription$/);
    await expect(page.getByRole('heading', { name: 'Acesso dos Confrades' })).toBeVisible();
  });
}
