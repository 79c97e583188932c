/**
 * "Membros ativos" means one thing on the admin dashboard (ADR 035): the tile
 * is the members chart's last point; a paid newcomer counts in both once approved, in neither
 * before. Axe clean at 390 and 1280 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, expect, test, uniqueEmail } from './fixtures';
import { ADMIN } from './members';

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A newcomer who paid in the sandbox: "Aguardando aprovação". */
async function paidNewcomer(request: APIRequestContext, email: string) {
  const paymentLink = await createPublicPaymentLink(request, { name: 'Sócia Contada', email });
  const paid = await request.post(`/sandbox/pay/${paymentLink.id}`, {
    data: { outcome: 'paid', method: 'pix' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** The tile's figure and the chart table's last row ("Ver os números"). */
async function tileAndChart(page: Page) {
  const tile = page.locator('.tile', { hasText: 'Membros ativos' }).locator('dd');
  const chart = page.getByRole('region', { name: 'Membros ativos por mês' });
  const details = chart.locator('details');
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open)))
    await chart.getByText('Ver os números').click();
  const lastRow = chart.getByRole('table').getByRole('row').last();
  return {
    tile: (await tile.textContent())?.trim(),
    last: (await lastRow.getByRole('cell').textContent())?.trim(),
  };
}

test('the active-members tile is the chart’s last point, before and after an approval; axe', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const email = uniqueEmail('contada');
  await paidNewcomer(request, email);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  const before = await tileAndChart(page);
  expect(before.tile).toBeTruthy();
  expect(before.last).toBe(before.tile);

  // Approved: a member in both places at once.
  const list = await page.request.get(`/api/admin/subscribers?search=${encodeURIComponent(email)}`);
  const { subscribers } = (await list.json()) as { subscribers: { id: string }[] };
  const approved = await page.request.post(`/api/admin/subscribers/${subscribers[0]!.id}/approve`, {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  const count = Number(before.tile!.replace(/\D/g, ''));
  await expect(page.locator('.tile', { hasText: 'Membros ativos' }).locator('dd')).toHaveText(
    (count + 1).toLocaleString('pt-BR'),
  );
  const after = await tileAndChart(page);
  expect(after.last).toBe(after.tile);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
    await page.screenshot({ path: `test-results/dashboard-active-members-${width}.png`, fullPage: true });
  }
});
