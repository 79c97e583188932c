/**
 * The back office's dashboard and payments screens in a real browser: figures that follow payments
 * made through the sandbox checkout, a payment's detail (card brand and last four only), a refund
 * with its required reason, the CSV export, and axe at phone and desktop widths. The server is
 * shared with the other specs of the run: every check is on a difference or on this test's records.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/format';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, expect, test, uniqueEmail } from './fixtures';
import { ADMIN } from './members';

const ANNUAL = 149700;

interface Figures {
  pendingApprovals: number;
  revenueThisMonth: number;
  revenueTotal: number;
  failedPaymentsLast30Days: number;
}

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A checkout through the public route, then the sandbox's outcome, as a customer would. */
async function checkout(
  request: APIRequestContext,
  name: string,
  outcome: 'paid' | 'failed',
  method: 'credit_card' | 'pix',
) {
  const paymentLink = await createPublicPaymentLink(request, {
    name,
    email: uniqueEmail('financeiro'),
  });
  const paid = await request.post(`/sandbox/pay/${paymentLink.id}`, { data: { outcome, method } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const figures = async (page: Page) =>
  (await (await page.request.get('/api/admin/dashboard')).json()) as Figures;
const tile = (page: Page, label: string) => page.locator('.tile', { hasText: label }).locator('dd');

async function expectAxeClean(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }
}

test('dashboard figures follow sandbox payments; detail; refund with a reason; CSV; axe', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  const stamp = Date.now().toString(36);
  const cardName = `Cartão Financeiro ${stamp}`;
  const pixName = `Pix Financeiro ${stamp}`;
  const before = await figures(page);

  await checkout(request, cardName, 'paid', 'credit_card');
  await checkout(request, pixName, 'paid', 'pix');
  await checkout(request, `Falha Financeiro ${stamp}`, 'failed', 'credit_card');

  // The manual refresh brings the new figures: two paid newcomers awaiting approval, their money.
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(tile(page, 'Aguardando aprovação')).toHaveText(String(before.pendingApprovals + 2));
  await expect(tile(page, 'Receita do mês')).toHaveText(formatMoney(before.revenueThisMonth + 2 * ANNUAL));
  await expect(tile(page, 'Receita total')).toHaveText(formatMoney(before.revenueTotal + 2 * ANNUAL));
  const actions = page.getByRole('region', { name: 'Próximas ações' });
  await expect(
    actions.getByRole('link', {
      name: `Revisar ${before.failedPaymentsLast30Days + 1} pagamento(s) com falha nos últimos 30 dias`,
    }),
  ).toHaveAttribute('href', '/admin/payments?status=failed&createdWithinDays=30');
  const latest = page.getByRole('region', { name: 'Últimos pagamentos' });
  await expect(latest.getByText(pixName)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aguardando aprovação' }).getByText(cardName)).toBeVisible();
  // The charts' figures are there for screen readers as a table.
  const revenue = page.getByRole('region', { name: 'Receita dos últimos 12 meses' });
  await revenue.getByText('Ver os números').click();
  await expect(revenue.getByRole('table').getByRole('row')).toHaveCount(13);
  await expectAxeClean(page);

  // Payments: this test's records, found by the search.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Pagamentos' })
    .click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await expect(page.getByText('3 pagamento(s)')).toBeVisible();
  const cardRow = page.getByRole('row', { name: new RegExp(cardName) });
  await expect(cardRow.getByText('Pago')).toBeVisible();
  await expect(page.getByRole('row', { name: /Falha Financeiro/ }).getByText('Falhou')).toBeVisible();
  // Refund is offered for paid payments only.
  await expect(
    page.getByRole('row', { name: /Falha Financeiro/ }).getByRole('button', { name: /Reembolsar/ }),
  ).toHaveCount(0);

  await cardRow.getByRole('button', { name: /Detalhes/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
  await expect(detail.getByText('Visa •••• 1111')).toBeVisible();
  await expect(detail).not.toContainText('4111111111111111');
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await detail.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(detail).toBeHidden();

  // Refund the PIX payment: blank reason keeps the confirmation disabled.
  const pixRow = page.getByRole('row', { name: new RegExp(pixName) });
  await pixRow.getByRole('button', { name: /Reembolsar/ }).click();
  const refund = page.getByRole('dialog', { name: 'Reembolsar pagamento' });
  const confirm = refund.getByRole('button', { name: 'Confirmar reembolso' });
  await expect(confirm).toBeDisabled();
  const reason = refund.getByLabel('Motivo do reembolso');
  await reason.fill('   ');
  await reason.blur();
  await expect(confirm).toBeDisabled();
  await expect(refund.getByText('Motivo do reembolso é obrigatório')).toBeVisible();
  await expectAxeClean(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await reason.fill('Desistência do cliente');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(refund).toBeHidden();
  await expect(page.getByText('Pagamento reembolsado.')).toBeVisible();
  await expect(pixRow.getByText('Reembolsado')).toBeVisible();
  await expect(pixRow.getByRole('button', { name: /Reembolsar/ })).toHaveCount(0);

  // The export holds the same records, with accents intact.
  const csv = await page.request.get(`/api/admin/payments/export.csv?search=${stamp}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const bytes = await csv.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain(cardName);
  expect(text).toContain('Reembolsado');
  expect(text.trim().split('\n')).toHaveLength(4);

  // Back on the dashboard, the refunded money is gone from the totals.
  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(tile(page, 'Receita total')).toHaveText(formatMoney(before.revenueTotal + ANNUAL));
});

test('a failed load shows the dismissible dashboard banner; payments list says it could not load', async ({
  page,
}) => {
  await logIn(page);
  await page.route('**/trpc/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
  );
  await page.getByRole('button', { name: 'Atualizar' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Erro ao carregar dados do dashboard' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(banner).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Pagamentos' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar pagamentos' })).toBeVisible();
});
