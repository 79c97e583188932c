/**
 * The file drive end to end (docs/product/back-office-and-member-area.md §2, §5): an admin uploads a PDF and an image watching the
 * progress bar reach 100%, filters, edits tags; a member sees the public file and not the private
 * one (not even by its address); both screens are axe-clean on a phone and on a desktop.
 */
import type { Page } from '@playwright/test';
import { sampleImage, samplePdf } from '../src/server/seed/drive-samples';
import { seriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { ADMIN, createSeededMember, MEMBER_PASSWORD } from './members';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const card = (page: Page, name: string) =>
  page.locator('li.drive-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  fields: { name: string; tags: string; isPublic: boolean },
) {
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar arquivo' });
  await dialog.getByLabel('Arquivo', { exact: true }).setInputFiles(file);
  await dialog.getByLabel('Nome').fill(fields.name);
  await dialog.getByLabel('Tags').fill(fields.tags);
  if (fields.isPublic) await dialog.getByLabel(/Público/).check();
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  // The bar follows XMLHttpRequest's upload progress and ends full.
  await expect(dialog.getByText('Arquivo enviado com sucesso!')).toBeVisible();
  await expect(dialog.locator('progress')).toHaveAttribute('value', '100');
  await expect(dialog.getByText('100%')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('admin uploads, filters and edits; a member sees only the public file', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const publicName = `Ata pública ${run}`;
  const privateName = `Foto privada ${run}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/drive');
  await expect(page.getByRole('heading', { level: 2, name: 'Arquivos do drive' })).toBeVisible();

  // The form's own messages before anything is sent.
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar arquivo' });
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Selecione um arquivo para upload')).toBeVisible();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  expect(await seriousA11yViolations(page), 'upload dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A PDF big enough for the bar to move, and an image.
  const pdf = Buffer.concat([samplePdf('Ata'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
  await upload(
    page,
    { name: 'ata.pdf', mimeType: 'application/pdf', buffer: pdf },
    {
      name: publicName,
      tags: 'atas, e2e',
      isPublic: true,
    },
  );
  await upload(
    page,
    { name: 'foto.png', mimeType: 'image/png', buffer: await sampleImage('png', '#801f2b', 320) },
    { name: privateName, tags: 'um, dois, três, quatro, cinco', isPublic: false },
  );

  // At most 3 tags on a card, the rest as a count.
  const photo = card(page, privateName);
  await expect(photo.locator('.drive-tag')).toHaveText(['um', 'dois', 'três', '+2e mais 2']);
  await expect(photo.getByRole('img')).toHaveCount(0); // decorative thumbnail (alt="")
  await expect(photo.locator('img')).toHaveJSProperty('complete', true);
  await expect(card(page, publicName).getByText('Público', { exact: true })).toBeVisible();

  // Filters: type, then visibility.
  await page.getByLabel('Tipo').selectOption('image');
  await expect(card(page, publicName)).toHaveCount(0);
  await expect(card(page, privateName)).toBeVisible();
  await page.getByLabel('Tipo').selectOption('all');
  await page.getByLabel('Visibilidade').selectOption('true');
  await expect(card(page, privateName)).toHaveCount(0);
  await expect(card(page, publicName)).toBeVisible();
  await page.getByLabel('Visibilidade').selectOption('all');
  await page.getByLabel('Buscar').fill(run);
  await expect(page.locator('li.drive-card')).toHaveCount(2);

  // Edit: tags comma-separated, trimmed, empty ones dropped.
  await page.getByRole('button', { name: `Editar ${publicName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar arquivo' });
  await edit.getByLabel('Tags').fill(' safra 2024 , , degustação ,');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Arquivo atualizado com sucesso!')).toBeVisible();
  await expect(card(page, publicName).locator('.drive-tag')).toHaveText(['safra 2024', 'degustação']);

  await page.screenshot({ path: 'test-results/drive-admin-1280.png', fullPage: true });
  expect(await seriousA11yViolations(page), '/admin/drive at 1280').toEqual([]);

  // Delete asks first; cancelling keeps the file.
  const draftName = `Rascunho ${run}`;
  await upload(
    page,
    { name: 'rascunho.pdf', mimeType: 'application/pdf', buffer: samplePdf('Rascunho') },
    {
      name: draftName,
      tags: '',
      isPublic: false,
    },
  );
  await page.getByRole('button', { name: `Excluir ${draftName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir arquivo' });
  await expect(confirm).toContainText(`Excluir o arquivo "${draftName}"?`);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card(page, draftName)).toBeVisible();
  await page.getByRole('button', { name: `Excluir ${draftName}` }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Arquivo excluído com sucesso!')).toBeVisible();
  await expect(card(page, draftName)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, publicName)).toBeVisible();
  // The side navigation slides out as the window narrows: picture the settled page.
  await expect(page.locator('#admin-sidebar')).toBeHidden();
  await page.screenshot({ path: 'test-results/drive-admin-390.png', fullPage: true });
  expect(await seriousA11yViolations(page), '/admin/drive at 390').toEqual([]);

  const privateUrl = await card(page, privateName)
    .getByRole('link', { name: `Abrir ${privateName}` })
    .getAttribute('href');

  // The member (a paid membership in force: the files are for them, ADR 029).
  await page.context().clearCookies();
  const member = await createSeededMember(request, { name: 'Rita Confreira' });
  await logIn(page, member.email, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user/drive');
  await expect(page.getByRole('heading', { level: 1, name: 'Arquivos' })).toBeVisible();
  await page.getByLabel('Buscar').fill(run);
  await expect(card(page, publicName)).toBeVisible();
  await expect(card(page, privateName)).toHaveCount(0);
  await expect(card(page, publicName).getByRole('link', { name: `Baixar ${publicName}` })).toBeVisible();
  await page.getByLabel('Tipo').selectOption('image');
  await expect(card(page, publicName)).toHaveCount(0);
  await page.getByLabel('Tipo').selectOption('all');
  await expect(card(page, publicName)).toBeVisible();
  await page.screenshot({ path: 'test-results/drive-member-390.png', fullPage: true });
  expect(await seriousA11yViolations(page), '/user/drive at 390').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousA11yViolations(page), '/user/drive at 1280').toEqual([]);

  // Not even by its address: a private file is "not found" for a member.
  const refused = await page.request.get(privateUrl!);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toEqual({ error: 'Arquivo não encontrado' });
  const publicUrl = await card(page, publicName)
    .getByRole('link', { name: `Baixar ${publicName}` })
    .getAttribute('href');
  const download = await page.request.get(publicUrl!, { headers: { range: 'bytes=0-7' } });
  expect(download.status()).toBe(206);
  expect((await download.body()).toString('latin1')).toBe('%PDF-1.4');
});
