/**
 * The back office's CSVs for a spreadsheet in Brazil (ADR 035): the subscribers'
 * export opens in Excel pt-BR as is (BOM, `;`, decimal comma, dd/mm/aaaa), imports back unchanged,
 * and the import says which dialect it read; axe clean at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { expect, test, uniqueEmail } from './fixtures';
import { logInAsAdmin } from './members';

async function importFile(page: Page, name: string, text: string) {
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar assinantes (CSV)' });
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await dialog.getByRole('button', { name: 'Simular importação' }).click();
  return dialog;
}

for (const width of [1280, 390]) {
  test(`subscribers' CSV at ${width} px: Excel pt-BR export, imported back unchanged, dialect said`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logInAsAdmin(page);
    const email = uniqueEmail('planilha');
    const created = await page.request.post('/api/admin/subscribers', {
      // A cookie session's write names where it comes from.
      headers: { origin: new URL(page.url()).origin },
      data: {
        fullName: 'Márcia Planilha',
        email,
        phone: '(11) 98765-4321',
        cpf: '529.982.247-25',
        zipCode: '01310-100',
        address: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        status: 'active',
        subscriptionPrice: 149700,
        subscriptionStartDate: '2026-01-10T15:30:00.000Z',
        subscriptionEndDate: '2027-01-10T15:30:00.000Z',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/admin/subscribers');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    await expect(page.getByRole('button', { name: 'Márcia Planilha', exact: true }).first()).toBeVisible();
    // The search reaches the link once the box settles (the row above may be an earlier run's).
    const exportLink = page.getByRole('link', { name: 'Exportar CSV' });
    const searched = new URLSearchParams({ search: email }).toString();
    await expect.poll(async () => (await exportLink.getAttribute('href'))?.includes(searched)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(rest).toEqual([]);
    expect(header).toMatch(/^Nome completo;Email;Telefone;CPF;/);
    expect(header).toMatch(/;inicio_assinatura_iso;termino_assinatura_iso;criado_em_iso$/);
    expect(row).toContain(`Márcia Planilha;${email};(11) 98765-4321;529.***.***-25;`);
    expect(row).toContain(';01310-100;Ativo;1497,00;10/01/2026;10/01/2027;');

    // The same file back: nothing changes, and the dialog says how it read it.
    const dialog = await importFile(page, 'assinantes.csv', bytes.toString('utf8'));
    await expect(dialog.getByText('0 a criar, 0 a atualizar, 1 sem mudanças, 0 rejeitada(s).')).toBeVisible();
    await expect(dialog.getByText('Formato detectado: Excel (ponto e vírgula).')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/csv-import-${width}.png` });
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();

    // A file another program wrote: `,` between fields and a decimal point.
    const other = await importFile(
      page,
      'outro.csv',
      `Nome completo,Email,Telefone,Valor (R$)\nMárcia Planilha,${email},11987654321,1497.00\n`,
    );
    await expect(other.getByText('0 a criar, 0 a atualizar, 1 sem mudanças, 0 rejeitada(s).')).toBeVisible();
    await expect(other.getByText('Formato detectado: vírgula.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await other.getByRole('button', { name: 'Fechar' }).first().click();

    // The renewals shortcut's list exports the same rows.
    await page.goto('/admin/subscribers?endingWithinDays=30');
    await expect(exportLink).toHaveAttribute('href', /[?&]endingWithinDays=30(&|$)/);
  });
}
