/**
 * Service invoices (NFS-e) in a real Chromium, on the invoice sandbox the e2e server runs with
 * (docs/product/service-invoices.md): with "Emissão de notas fiscais" off, the landing and the FAQ
 * promise a receipt of every payment only; the owner turns it on and they promise the invoice. With
 * it on, a renewal paid by card gets its invoice from the server's invoice job: the member sees its
 * number beside the receipt in "Pagamentos", the owner sees it issued in the payment's "Detalhes",
 * and a refund cancels it. The setting is put back off at the end, as every other spec expects.
 */
import type { Browser, Page } from '@playwright/test';
import { RECEIPTS_ONLY, WITH_INVOICES } from '../src/shared/content/invoice-wording';
import { SETTINGS_MSG } from '../src/shared/content/settings-defaults';
import { seriousA11yViolations } from './a11y';
import { DESKTOP, PHONE } from './demo-club';
import { expect, payWithTestCard, test } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin } from './members';

test.describe.configure({ mode: 'serial' });

const INVOICES_SETTING = 'Emissão de notas fiscais: cada pagamento confirmado recebe a sua NFS-e';
/** The server's invoice job runs every 15 s: an invoice is sent at one pass and numbered at the next. */
const INVOICE_JOB_WAIT = { timeout: 75_000, intervals: [2_000] };
/** The sandbox numbers an invoice when asked again, which the job does a minute after sending it. */
const INVOICE_NUMBER_WAIT = { timeout: 130_000, intervals: [3_000] };

async function setServiceInvoices(page: Page, on: boolean, clubTaxId?: string) {
  await page.goto('/admin/settings');
  const box = page.getByLabel(INVOICES_SETTING);
  await expect(box).toBeVisible();
  const taxId = page.getByLabel('CNPJ ou CPF do clube');
  if ((await box.isChecked()) === on && (clubTaxId === undefined || (await taxId.inputValue()) === clubTaxId))
    return;
  await box.setChecked(on);
  if (clubTaxId !== undefined) await taxId.fill(clubTaxId);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
}

/** The landing's benefit and the FAQ's answer to "Recebo nota fiscal?", as a visitor reads them. */
async function expectPublicWording(page: Page, wording: typeof WITH_INVOICES, other: typeof WITH_INVOICES) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: wording.benefitTitle })).toBeVisible();
  await expect(page.getByText(wording.benefitText)).toBeVisible();
  await expect(page.getByText(other.benefitTitle)).toHaveCount(0);

  await page.goto('/faq');
  await page.getByLabel('Buscar nas perguntas').fill('Recebo nota fiscal');
  await page.getByRole('heading', { name: 'Recebo nota fiscal?' }).click();
  await expect(page.getByText(wording.faqAnswer)).toBeVisible();
  await expect(page.getByText(other.faqAnswer)).toHaveCount(0);
}

async function turnOffAfterwards(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await logInAsAdmin(page);
    // Back to the defaults: no invoices, and no CNPJ (test B prints one on the invoice).
    await setServiceInvoices(page, false, '');
  } finally {
    await context.close();
  }
}

test.afterAll(async ({ browser }) => {
  await turnOffAfterwards(browser);
});

test('the public texts promise receipts only until the owner turns invoices on', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The visitor is signed out (a signed-in owner opening "/" lands on the dashboard).
  await page.setViewportSize(DESKTOP);
  await expectPublicWording(page, RECEIPTS_ONLY, WITH_INVOICES);
  await expect(page.getByText('Todas as cobranças da confraria são feitas com nota fiscal')).toHaveCount(0);

  const ownerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: DESKTOP });
  try {
    const owner = await ownerContext.newPage();
    await logInAsAdmin(owner);
    await owner.goto('/admin/settings');
    await expect(owner.getByLabel(INVOICES_SETTING)).not.toBeChecked();
    await expect(
      owner.getByText(
        'Ligada, o site, as perguntas frequentes e os termos dizem que as cobranças têm nota fiscal; ' +
          'desligada, prometem só o recibo.',
      ),
    ).toBeVisible();
    expect(await seriousA11yViolations(owner), 'settings').toEqual([]);
    // Without the club's CNPJ the save is refused: the provider would refuse every invoice.
    await owner.getByLabel('CNPJ ou CPF do clube').fill('');
    await owner.getByLabel(INVOICES_SETTING).setChecked(true);
    await owner.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(owner.getByText(SETTINGS_MSG.serviceInvoicesNeedCnpj)).toBeVisible();
    await owner.reload();
    await expect(owner.getByLabel(INVOICES_SETTING)).not.toBeChecked();
    await setServiceInvoices(owner, true, '11.222.333/0001-81');
    await owner.reload();
    await expect(owner.getByLabel(INVOICES_SETTING)).toBeChecked();
  } finally {
    await ownerContext.close();
  }

  await expectPublicWording(page, WITH_INVOICES, RECEIPTS_ONLY);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tudo com nota fiscal' })).toBeVisible();
});

test('a renewal gets its NFS-e: the member sees its number, the owner sees it issued, a refund cancels it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const name = `Nota Fiscal ${stamp}`;
  const member = await createSeededMember(page.request, { name, endInDays: 20 });

  const ownerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: DESKTOP });
  try {
    const owner = await ownerContext.newPage();
    await logInAsAdmin(owner);
    // An invoice names its issuer: the club's CNPJ (without it the invoice job refuses to send it).
    await setServiceInvoices(owner, true, '11.222.333/0001-81');

    // The member renews by card on the payment sandbox.
    await page.setViewportSize(PHONE);
    await logIn(page, member.email);
    await page.goto('/user/subscription');
    await page.getByRole('button', { name: 'Renovar agora' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
    await payWithTestCard(page);
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();

    // The invoice job sends it and, at its next pass, reads its number.
    const invoiceNumber = /^NFS-e nº (\d+)$/;
    await expect(async () => {
      await page.goto('/user/payments');
      await expect(page.getByText(invoiceNumber)).toBeVisible({ timeout: 3_000 });
    }).toPass(INVOICE_NUMBER_WAIT);
    const shown = (await page.getByText(invoiceNumber).textContent()) ?? '';
    const number = invoiceNumber.exec(shown)?.[1] ?? '';
    expect(number).toMatch(/^\d+$/);

    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      // Beside the receipt of the renewal, the newest payment; the seeded one has no invoice.
      await expect(page.getByRole('link', { name: /^Ver recibo do pagamento de/ })).toHaveCount(2);
      await expect(page.getByText(`NFS-e nº ${number}`, { exact: true })).toBeVisible();
      await expect(page.getByText(/^NFS-e nº/)).toHaveCount(1);
      expect(await seriousA11yViolations(page), `member payments at ${size.width}px`).toEqual([]);
    }

    // The owner's Detalhes of the renewal (R$ 897,00; the seeded year was R$ 1.497,00).
    const renewalRow = () => owner.getByRole('row', { name: new RegExp(name) }).filter({ hasText: /897,00/ });
    await owner.goto(`/admin/payments?search=${stamp}`);
    await renewalRow()
      .getByRole('button', { name: /Detalhes/ })
      .click();
    const detail = owner.getByRole('dialog', { name: 'Detalhes do pagamento' });
    const invoice = detail.getByRole('region', { name: 'Nota fiscal (NFS-e)' });
    await expect(invoice.getByRole('definition').filter({ hasText: /^Emitida$/ })).toBeVisible();
    await expect(
      invoice.getByRole('definition').filter({ hasText: new RegExp(`^${number}$`) }),
    ).toBeVisible();
    // An invoice issued here: no number to type.
    await expect(invoice.getByLabel('Número da nota fiscal')).toHaveCount(0);
    expect(await seriousA11yViolations(owner), 'payment detail').toEqual([]);
    await detail.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect(detail).toBeHidden();

    // The owner refunds the renewal; the invoice job cancels its invoice.
    await renewalRow()
      .getByRole('button', { name: /Reembolsar/ })
      .click();
    const refund = owner.getByRole('dialog', { name: 'Reembolsar pagamento' });
    await refund.getByLabel('Motivo do reembolso').fill('Desistência do confrade');
    await refund.getByRole('button', { name: 'Confirmar reembolso' }).click();
    await expect(refund).toBeHidden();
    await expect(owner.getByText('Pagamento reembolsado.')).toBeVisible();

    await expect(async () => {
      await owner.goto(`/admin/payments?search=${stamp}`);
      await renewalRow()
        .getByRole('button', { name: /Detalhes/ })
        .click();
      const section = owner
        .getByRole('dialog', { name: 'Detalhes do pagamento' })
        .getByRole('region', { name: 'Nota fiscal (NFS-e)' });
      await expect(section.getByRole('definition').filter({ hasText: /^Cancelada$/ })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass(INVOICE_JOB_WAIT);
    const cancelled = owner
      .getByRole('dialog', { name: 'Detalhes do pagamento' })
      .getByRole('region', { name: 'Nota fiscal (NFS-e)' });
    await expect(
      cancelled.getByRole('definition').filter({ hasText: new RegExp(`^${number}$`) }),
    ).toBeVisible();
    expect(await seriousA11yViolations(owner), 'cancelled invoice').toEqual([]);

    // The member reads it as cancelled.
    await page.goto('/user/payments');
    await expect(page.getByText(`NFS-e nº ${number} (cancelada)`, { exact: true })).toBeVisible();
  } finally {
    await ownerContext.close();
  }
});
