/**
 * Unsaved work is never lost silently (ADR 033): the one dialog asks "Descartar as
 * alterações?" before Escape or its close button throw away a changed subscriber form, and the
 * router's blocker asks before leaving the subscriber form or the WhatsApp templates with edits,
 * but not when the list's search settles behind an open form; an unchanged dialog closes at once and
 * gives focus back to what opened it.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, test, uniqueEmail } from './fixtures';
import { logInAsAdmin } from './members';

function activeSubscriber(name: string) {
  const id = randomUUID();
  const email = uniqueEmail('guarda');
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const now = Date.now();
    db.prepare(
      `insert into subscribers (id, name, email, phone, profession, status, payment_status, subscription_price,
         referral_code, created_at, updated_at)
       values (?, ?, ?, '11987654321', 'Chef', 'active', 'paid', 149700, ?, ?, ?)`,
    ).run(id, name, email, `GRD${now.toString(36).toUpperCase()}`, now, now);
  } finally {
    db.close();
  }
  return { id, email };
}

/**
 * Waits for `locator` while a held clock moves on in 5 ms steps: the app's zero-delay timers (the
 * query cache's notifications) run, a search box's 300 ms pause does not end.
 */
async function visibleOnHeldClock(page: Page, locator: Locator) {
  await expect(async () => {
    await page.clock.runFor(5);
    await expect(locator).toBeVisible({ timeout: 100 });
  }).toPass();
}

test('subscriber dialog: Escape and Fechar ask before discarding; leaving the page asks too', async ({
  page,
}) => {
  const name = `Guarda Alterações ${Date.now().toString(36)}`;
  const subscriber = activeSubscriber(name);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  // Inside the app (no page load), so the back button is the router's to hold.
  await page.locator('.admin-nav').getByRole('link', { name: 'Assinantes' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(subscriber.email);
  const opener = page.getByRole('button', { name, exact: true });

  // Unchanged: Escape closes at once and focus returns to what opened the dialog.
  await opener.click();
  const view = page.getByRole('dialog', { name: 'Assinante' });
  await expect(view).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(opener).toBeFocused();

  // Changed: Escape asks; "Continuar editando" keeps the change.
  await opener.click();
  await view.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  await edit.getByLabel('Profissão').fill('Sommelière');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Descartar as alterações?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await question.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(question).toBeHidden();
  await expect(edit.getByLabel('Profissão')).toHaveValue('Sommelière');

  // The back button waits on the same question (the router's blocker).
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers/);
  await expect(edit.getByLabel('Profissão')).toHaveValue('Sommelière');

  // The close button asks too; "Descartar" closes without saving.
  await edit.getByRole('button', { name: 'Fechar janela' }).click();
  await question.getByRole('button', { name: 'Descartar' }).click();
  await expect(edit).toBeHidden();
  await expect(opener).toBeFocused();
  expect(
    e2eDb.query<{ profession: string }>('select profession from subscribers where id = ?', subscriber.id),
  ).toEqual([{ profession: 'Chef' }]);
});

test('a search that settles after a record was opened filters the list behind the form, without asking', async ({
  page,
}) => {
  const name = `Busca Atrasada ${Date.now().toString(36)}`;
  const subscriber = activeSubscriber(name);
  // The search box waits for a pause in typing (300 ms); the clock is held so the record is opened
  // and changed before that pause ends, as a quick hand on a busy phone does.
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.locator('.admin-nav').getByRole('link', { name: 'Assinantes' }).click();
  const opener = page.getByRole('button', { name, exact: true });
  await expect(opener).toBeVisible();

  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(subscriber.email);
  await opener.click();
  const view = page.getByRole('dialog', { name: 'Assinante' });
  await visibleOnHeldClock(page, view.getByRole('button', { name: 'Editar' }));
  await view.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  await visibleOnHeldClock(page, edit.getByLabel('Profissão'));
  await edit.getByLabel('Profissão').fill('Enóloga');
  // Typing has not paused long enough yet: the search is still only in the box.
  expect(new URL(page.url()).searchParams.get('search')).toBeNull();
  await page.clock.runFor(1_000);
  await page.clock.resume();

  // The search reached the address and the list; the form and its change stay, with no question.
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(subscriber.email)}`));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('dialog', { name: 'Descartar as alterações?' })).toHaveCount(0);
  await expect(edit.getByLabel('Profissão')).toHaveValue('Enóloga');
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Assinante atualizado com sucesso!')).toBeVisible();
  expect(
    e2eDb.query<{ profession: string }>('select profession from subscribers where id = ?', subscriber.id),
  ).toEqual([{ profession: 'Enóloga' }]);
});

test('WhatsApp templates: leaving with texts "(alterado)" asks first, in the app and on reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin/whatsapp');
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Evento' });
  await page.getByLabel('Mensagem (WhatsApp)').fill('Texto ainda não salvo {{name}} {{eventName}}');
  await expect(page.getByLabel('Modelo', { exact: true })).toContainText('Evento (alterado)');

  const nav = page.locator('.admin-nav');
  await nav.getByRole('link', { name: 'Mensagens', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Descartar as alterações?' });
  await expect(question).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await question.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/admin\/whatsapp$/);
  await expect(page.getByLabel('Mensagem (WhatsApp)')).toHaveValue(
    'Texto ainda não salvo {{name}} {{eventName}}',
  );

  // Reloading or closing the tab: the browser's own leave-page question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('WhatsApp templates: "Descartar" leaves without saving', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/whatsapp');
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Evento' });
  const stored = await page.getByLabel('Mensagem (WhatsApp)').inputValue();
  await page.getByLabel('Mensagem (WhatsApp)').fill('Rascunho descartado {{name}} {{eventName}}');
  await page.locator('.admin-nav').getByRole('link', { name: 'Mensagens', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Descartar as alterações?' })
    .getByRole('button', { name: 'Descartar' })
    .click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await page.goto('/admin/whatsapp');
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Evento' });
  await expect(page.getByLabel('Mensagem (WhatsApp)')).toHaveValue(stored);
});

test('WhatsApp: the message to one number says what it does, with no "teste" in it', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/whatsapp');
  const card = page.getByRole('region', { name: 'Enviar mensagem a um número' });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText(/teste/i);
  await card.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(card.getByText('Digite o número de telefone', { exact: true })).toBeVisible();
  await expect(card).not.toContainText(/teste/i);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page)).toEqual([]);
  }
  const phone = `1196${String(Date.now()).slice(-7)}`;
  await card.getByLabel('Telefone').fill(phone);
  await card.getByLabel('Mensagem', { exact: true }).fill('Degustação na sexta!');
  await card.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByText('Mensagem enviada para a fila de envio.')).toBeVisible();
  expect(e2eDb.outboxFor(phone).map((row) => row.body)).toEqual(['Degustação na sexta!']);
});

test('Status offers only the moves the status machine allows from the stored status', async ({ page }) => {
  const name = `Status Permitido ${Date.now().toString(36)}`;
  const subscriber = activeSubscriber(name);
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(subscriber.email);
  await page.getByRole('button', { name, exact: true }).click();
  const view = page.getByRole('dialog', { name: 'Assinante' });
  await view.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  const status = edit.getByLabel('Status');
  await expect(status.locator('option')).toHaveText(['Ativo', 'Inativo']);
  await status.selectOption({ label: 'Inativo' });
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Assinante atualizado com sucesso!')).toBeVisible();
  expect(e2eDb.query('select status from subscribers where id = ?', subscriber.id)).toEqual([
    { status: 'inactive' },
  ]);
  // Turned off: it can be turned back on into any status the facts may put it in.
  await view.getByRole('button', { name: 'Editar' }).click();
  await expect(status.locator('option')).toHaveText([
    'Aguardando aprovação',
    'Aguardando pagamento',
    'Ativo',
    'Expirado',
    'Inativo',
  ]);
});
