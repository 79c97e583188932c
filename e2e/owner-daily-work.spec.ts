/**
 * The owner's daily work, round two, each at 390 and 1280 px and axe clean: money
 * typed the Brazilian way, a CSV from Brazilian Excel (Windows-1252), links that survive a sign-in,
 * renewal reminders never sent twice by a click, unsaved changes guarded on Configurações and Meu
 * Perfil, and a pending WhatsApp code that survives a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MONEY_MSG } from '../src/shared/money-text';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, openWritableDb, test, uniqueEmail } from './fixtures';
import { ADMIN, createSeededMember, logIn, logInAsAdmin, MEMBER_PASSWORD } from './members';

const WIDTHS = [390, 1280] as const;

// Each test walks a whole task (sign-ins, several screens, axe): more than the default minute on
// a loaded machine.
test.describe.configure({ timeout: 180_000 });
const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** An active subscriber at R$ 1.497,00, straight into the test database. */
function activeSubscriber(name: string) {
  const id = randomUUID();
  const email = uniqueEmail('preco');
  const db = openWritableDb();
  try {
    const now = Date.now();
    db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         referral_code, created_at, updated_at)
       values (?, ?, ?, '11987654321', 'active', 'paid', 149700, ?, ?, ?)`,
    ).run(id, name, email, `PRC${now.toString(36).toUpperCase()}${randomUUID().slice(0, 4)}`, now, now);
  } finally {
    db.close();
  }
  return { id, email };
}

/** A back-office section through the sidebar (a drawer behind "Abrir menu" on a phone): in-app navigation. */
async function adminNav(page: Page, width: number, name: string) {
  const nav = page.getByRole('navigation', { name: 'Seções do painel' });
  // The drawer stays open when a question held the navigation back.
  if (width < 600 && !(await nav.isVisible())) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('link', { name, exact: true }).click();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

for (const width of WIDTHS) {
  test(`money at ${width} px: "897,00" is R$ 897,00, an implausible amount is refused in Portuguese`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width));
    const name = `Preço Brasileiro ${width} ${Date.now().toString(36)}`;
    const subscriber = activeSubscriber(name);
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?view=${subscriber.id}`);
    await page.getByRole('dialog', { name: 'Assinante' }).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar assinante' });
    const price = edit.getByLabel('Valor da assinatura (R$)');
    await expect(price).toHaveValue('1.497,00');
    await expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(await price.getAttribute('type')).not.toBe('number');

    await price.fill('89700');
    await expect(edit.getByText(MONEY_MSG.tooHigh, { exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(edit).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(
      e2eDb.query('select subscription_price as price from subscribers where id = ?', subscriber.id),
    ).toEqual([{ price: 149700 }]);

    await price.fill('897,00');
    // The field's own message goes (the summary above keeps the last submit's words until the next).
    await expect(edit.getByText(MONEY_MSG.tooHigh, { exact: true })).toHaveCount(0);
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Assinante atualizado com sucesso!')).toBeVisible();
    expect(
      e2eDb.query('select subscription_price as price from subscribers where id = ?', subscriber.id),
    ).toEqual([{ price: 89700 }]);
  });

  test(`CSV from Brazilian Excel at ${width} px: Windows-1252 read and said, unknown column listed`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width));
    const email = uniqueEmail('excel1252');
    // As Excel's "CSV (separado por vírgulas)" saves it in Brazil: Windows-1252 bytes, `;`,
    // decimal comma, CRLF, no BOM.
    const bytes = Buffer.from(
      'Nome completo;Email;Telefone;Endereço;Cidade;Valor (R$);Apelido\r\n' +
        `João Conceição;${email};(11) 98765-4321;Praça da Sé, 100;São Paulo;1.497,00;Jô\r\n`,
      'latin1',
    );
    expect(bytes.includes(Buffer.from('ã', 'utf8'))).toBe(false);
    await logInAsAdmin(page);
    await page.goto('/admin/subscribers');
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar assinantes (CSV)' });
    await dialog
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'assinantes.csv', mimeType: 'text/csv', buffer: bytes });
    await dialog.getByRole('button', { name: 'Simular importação' }).click();
    await expect(dialog.getByText('1 a criar, 0 a atualizar, 0 sem mudanças, 0 rejeitada(s).')).toBeVisible();
    await expect(dialog.getByText('Codificação detectada: Windows-1252 (Excel).')).toBeVisible();
    await expect(dialog.getByText('Formato detectado: Excel (ponto e vírgula).')).toBeVisible();
    await expect(
      dialog.getByText('Colunas não reconhecidas, ignoradas: Apelido. Use os nomes de coluna da exportação.'),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Aplicar importação' }).click();
    await expect(page.getByText(/Importação concluída: 1 criado\(s\)/)).toBeVisible();
    expect(e2eDb.query('select name, street, city from subscribers where email = ?', email)).toEqual([
      { name: 'João Conceição', street: 'Praça da Sé, 100', city: 'São Paulo' },
    ]);
  });

  test(`sign-in at ${width} px returns to the page that asked for it, never to another site`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport(width));
    // A shared list with its filters: the sign-in lands on it, filters kept.
    await page.goto('/admin/subscribers?status=active&sortBy=fullName&sortOrder=asc');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/subscribers\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('active');
    expect(url.searchParams.get('sortBy')).toBe('fullName');
    await expect(page.getByRole('heading', { level: 1, name: 'Assinantes' })).toBeVisible();

    // The LGPD notice's link, opened signed out.
    await page.context().clearCookies();
    await page.goto('/admin/lgpd');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Flgpd$/);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/lgpd$/);

    // A crafted link to another site is not followed: the person lands on their home.
    await page.context().clearCookies();
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fadmin');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(new URL(page.url()).host).not.toBe('evil.example');

    // A member's e-mailed link to their payments.
    await page.context().clearCookies();
    const member = await createSeededMember(request, { name: `Volta Pagamentos ${width}` });
    await page.goto('/user/payments');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fpayments$/);
    await fillLogin(page, member.email, MEMBER_PASSWORD);
    await expect(page).toHaveURL(/\/user\/payments$/);
  });

  test(`renewal reminders at ${width} px: who and how many first, nobody twice in a day`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport(width));
    const ana = await createSeededMember(request, { name: `Lembrete Ana ${width}`, endInDays: 10 });
    const bia = await createSeededMember(request, { name: `Lembrete Bia ${width}`, endInDays: 20 });
    await logInAsAdmin(page);
    await page.getByRole('button', { name: /^Enviar renovação para \d+ confrade\(s\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Lembretes de renovação' });
    const table = dialog.getByRole('table');
    const anaRow = table.getByRole('row').filter({ hasText: ana.name });
    await expect(anaRow).toContainText('E-mail e WhatsApp');
    await expect(table.getByRole('row').filter({ hasText: bia.name })).toBeVisible();
    await expect(dialog.getByText(/O lembrete vai para \d+ confrades?, por e-mail/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: /^Enviar lembretes para \d+ confrades?$/ }).click();
    const confirm = dialog.getByRole('group', { name: 'Confirmar envio' });
    await expect(confirm).toContainText(/Enviar o link de renovação para \d+ confrades? agora\?/);
    await confirm.getByRole('button', { name: /^Confirmar envio para/ }).dblclick();
    await expect(dialog.getByText(/Lembretes? de renovação enviados? para \d+ assinantes?\./)).toBeVisible();
    await expect(anaRow).toContainText('Já recebeu hoje');
    await expect(dialog.getByRole('button', { name: /^Enviar lembretes para/ })).toHaveCount(0);
    expect(e2eDb.outboxFor(ana.email).filter((m) => m.template === 'renewal')).toHaveLength(1);

    // A retry (another tab, the API) sends nothing to whoever got it today, and says how many.
    const again = await page.request.post('/api/admin/whatsapp/renewal-reminders', {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(200);
    const answer = (await again.json()) as { sent: number; skippedToday: number; message: string };
    expect(answer.sent).toBe(0);
    expect(answer.skippedToday).toBeGreaterThanOrEqual(2);
    expect(answer.message).toContain(`${answer.skippedToday} já receberam hoje.`);
    expect(e2eDb.outboxFor(ana.email).filter((m) => m.template === 'renewal')).toHaveLength(1);
    expect(e2eDb.outboxFor(bia.email).filter((m) => m.template === 'renewal')).toHaveLength(1);
  });

  test(`unsaved changes at ${width} px: Configurações and Meu Perfil ask before leaving`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport(width));
    await logInAsAdmin(page);
    await adminNav(page, width, 'Configurações');
    const clubName = page.getByLabel('Nome do clube');
    const stored = await clubName.inputValue();
    await clubName.fill(`${stored} (rascunho)`);
    // The settings' prices are the same money field: an implausible one is refused there too.
    const annual = page.getByLabel('Assinatura anual (R$)');
    await expect(annual).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await annual.fill('149700');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText(MONEY_MSG.tooHigh)).toBeVisible();

    await adminNav(page, width, 'Assinantes');
    const question = page.getByRole('dialog', { name: 'Descartar as alterações?' });
    await expect(question).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(clubName).toHaveValue(`${stored} (rascunho)`);
    await adminNav(page, width, 'Assinantes');
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(page).toHaveURL(/\/admin\/subscribers/);

    const member = await createSeededMember(request, { name: `Perfil Guardado ${width}` });
    await page.context().clearCookies();
    await logIn(page, member.email);
    const nav = page.getByRole('navigation', { name: 'Seções do portal' });
    await nav.getByRole('link', { name: 'Meu Perfil' }).click();
    await page.getByLabel('Profissão').fill('Sommelière');
    await nav.getByRole('link', { name: 'Pagamentos' }).click();
    await expect(question).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByLabel('Profissão')).toHaveValue('Sommelière');
    await nav.getByRole('link', { name: 'Pagamentos' }).click();
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(page).toHaveURL(/\/user\/payments$/);
  });

  test(`a pending WhatsApp code at ${width} px: its field survives a reload of Meu Perfil`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport(width));
    const member = await createSeededMember(request, { name: `Código Pendente ${width}` });
    await logIn(page, member.email);
    await page.goto('/user/profile');
    const card = page.getByRole('region', { name: 'WhatsApp' });
    // Proving a phone asks for the password first (ADR 027).
    await card.getByRole('button', { name: 'Enviar código por WhatsApp' }).click();
    await card.getByLabel('Senha atual').fill(MEMBER_PASSWORD);
    await card.getByRole('button', { name: 'Enviar código por WhatsApp' }).click();
    await expect(card.getByLabel('Código recebido no WhatsApp')).toBeVisible();

    // What a phone does on the way back from WhatsApp.
    await page.reload();
    await expect(card.getByLabel('Código recebido no WhatsApp')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/Ele vale até \d{2}:\d{2}: digite-o abaixo\./)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Enviar outro código' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
