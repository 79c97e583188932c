/**
 * The exceptions as lists (ADR 046), on demo-shaped rows: the dashboard's "Exceções" lead to the
 * payments charged twice, the attempts "Em verificação", the chargebacks, the members whose year
 * ended in the last 30 days and the active members by Vencimento; each list keeps its filter in
 * the address (ADR 034). Axe at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, insertPayment, insertSubscribers, PHONE, runTag } from './demo-club';
import { expect as baseExpect, test } from './fixtures';
import { logInAsAdmin } from './members';

// The machine running the suite may be slow: each width is its own test, with room.
test.describe.configure({ timeout: 300_000 });
// A loaded machine may take more than the default 10 s to draw a page.
const expect = baseExpect.configure({ timeout: 30_000 });

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

for (const size of [PHONE, DESKTOP]) {
  test(`the dashboard leads to the exceptions, each a filtered list in the address, at ${size.width} px`, async ({
    page,
  }) => {
    const tag = runTag();
    const [twice, lost] = insertSubscribers([
      {
        name: `Beatriz ${tag} Santos`,
        email: `beatriz.santos.${tag}@vinhedosdaserragaucha.com.br`,
        status: 'active',
        endInDays: 360,
      },
      {
        name: `Fernanda ${tag} Rocha`,
        email: `fernanda.rocha.${tag}@exemplo.com.br`,
        status: 'active',
        endInDays: 300,
      },
      {
        name: `Sérgio ${tag} Antunes`,
        email: `sergio.antunes.${tag}@exemplo.com.br`,
        status: 'expired',
        endInDays: -12,
      },
      {
        name: `Rafael ${tag} Oliveira`,
        email: `rafael.oliveira.${tag}@exemplo.com.br`,
        status: 'expired',
        endInDays: -45,
      },
    ]);
    const first = insertPayment(twice!, { status: 'paid', minutesAgo: 30 });
    insertPayment(twice!, { status: 'paid', extraChargeOf: first, minutesAgo: 24 });
    insertPayment(lost!, { status: 'pending', verifying: true, minutesAgo: 2 });

    await page.setViewportSize(size);
    await logInAsAdmin(page);
    {
      const exceptions = page.getByRole('region', { name: 'Exceções' });
      const openException = async (name: RegExp | string) => {
        await page.goto('/admin/dashboard');
        await exceptions.getByRole('link', { name }).click();
      };
      const withSearch = async () => {
        await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&search=${tag}`);
      };

      // Charged twice: the paid second charges, to refund.
      await openException(/a reembolsar$/);
      await expect(page).toHaveURL(/\/admin\/payments\?/);
      expect(searchParams(page)).toEqual({ exception: 'duplicate', status: 'paid' });
      await withSearch();
      const filters = page.getByRole('search', { name: 'Filtrar pagamentos' });
      await expect(filters.getByRole('combobox', { name: 'Exceção' })).toHaveValue('duplicate');
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('Cobrança duplicada');

      // In verification.
      await openException(/em verificação$/);
      expect(searchParams(page)).toEqual({ exception: 'verifying' });
      await withSearch();
      await expect(filters.getByRole('combobox', { name: 'Exceção' })).toHaveValue('verifying');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText(`Fernanda ${tag} Rocha`);
      await expect(table).toContainText('Em verificação');
      expect(await seriousA11yViolations(page), `payments at ${size.width} px`).toEqual([]);

      // Chargebacks: none on file, an empty list that says so.
      await openException(/chargebacks?$/);
      expect(searchParams(page)).toEqual({ exception: 'chargeback' });
      await expect(page.getByText('Nenhum pagamento encontrado.')).toBeVisible();

      // Win-back: the years ended in the last 30 days, the most recent first.
      await openException(/nos últimos 30 dias$/);
      expect(searchParams(page)).toEqual({ expiredWithinDays: '30', sortBy: 'subscriptionEndDate' });
      await withSearch();
      await expect(
        page.getByText('Assinaturas que expiraram nos últimos 30 dias sem renovação.'),
      ).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('button', { name: `Sérgio ${tag} Antunes`, exact: true })).toBeVisible();
      expect(await seriousA11yViolations(page), `win-back at ${size.width} px`).toEqual([]);
      await page.getByRole('button', { name: 'Mostrar todos' }).click();
      await expect(table.getByRole('row')).toHaveCount(5);

      // Active members by Vencimento, the nearest first.
      await openException('Assinantes ativos por vencimento');
      expect(searchParams(page)).toEqual({
        status: 'active',
        sortBy: 'subscriptionEndDate',
        sortOrder: 'asc',
      });
      await withSearch();
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table.getByRole('row').nth(1)).toContainText(`Fernanda ${tag} Rocha`);
      await expect(
        page.getByRole('search', { name: 'Filtrar assinantes' }).getByLabel('Ordenar por'),
      ).toHaveValue('subscriptionEndDate');

      await page.goto('/admin/dashboard');
      await expect(exceptions.getByRole('link')).toHaveCount(5);
      expect(await seriousA11yViolations(page), `dashboard at ${size.width} px`).toEqual([]);
    }
  });
}
