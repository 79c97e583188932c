/**
 * The back office's messaging end to end (ADR 021): a template edited and test-sent shows up in
 * "Mensagens"; a setting changed in Configurações shows on the public contact page; a failed
 * message is retried and delivered; the three screens are axe-clean on a phone and a desktop.
 */
import { formatPhone, nationalPhoneDigits } from '../src/shared/fields/rules';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { seriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { logInAsAdmin } from './members';

/**
 * A WhatsApp message that ran out of attempts, as the worker leaves it after a provider kept
 * refusing it (the log transport used here never fails, so the row is written directly).
 */
function insertFailedMessage(recipient: string, body: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    db.prepare(
      `insert into outbox (id, channel, recipient, template, subject, body, status, attempts, last_error,
         next_attempt_at, created_at, updated_at)
       values (?, 'whatsapp', ?, 'custom', null, ?, 'failed', 10, ?, ?, ?, ?)`,
    ).run(`e2e-failed-${now}`, recipient, body, 'Cloud API 503: serviço indisponível', now, now, now);
  } finally {
    db.close();
  }
}

/** The outbox shows a number as everywhere else: "(11) 97777-1234", never its raw digits. */
const shownPhone = (digits: string) => formatPhone(nationalPhoneDigits(digits));

const rowFor = (page: Page, recipient: string) =>
  page.getByTestId('outbox-row').filter({ hasText: shownPhone(recipient) });

test('a template edited and test-sent is delivered and listed in Mensagens', async ({ page }) => {
  await logInAsAdmin(page);
  await page.locator('.admin-nav').getByRole('link', { name: 'WhatsApp' }).click();
  await expect(page).toHaveURL(/\/admin\/whatsapp$/);

  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Evento' });
  await expect(page.getByRole('button', { name: 'WhatsApp' })).toHaveAttribute('aria-pressed', 'true');
  const body = page.getByLabel('Mensagem (WhatsApp)');
  await body.fill('Convite E2E para {{name}}: ');
  await body.press('End');
  await page.getByRole('button', { name: /\{\{eventName\}\}/ }).click();
  await expect(page.getByRole('region', { name: 'Pré-visualização' })).toHaveText(
    'Convite E2E para Mariana Costa: Degustação de vinhos do Douro',
  );
  await page.getByRole('button', { name: 'Salvar mensagens (1)' }).click();
  await expect(page.getByText('Mensagens salvas com sucesso!')).toBeVisible();

  // The spec's message when no phone is typed; nothing is sent.
  await page.getByRole('button', { name: 'Enviar exemplo' }).click();
  await expect(page.getByText('Digite um número de telefone para teste')).toBeVisible();
  await page.getByLabel('Número que recebe o exemplo').fill('(11) 97777-1234');
  await page.getByRole('button', { name: 'Enviar exemplo' }).click();
  await expect(page.getByText('Mensagem de teste enviada para a fila de envio.')).toBeVisible();

  await page.locator('.admin-nav').getByRole('link', { name: 'Mensagens', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const row = rowFor(page, '11977771234');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(11) 97777-1234');
  await expect(row).not.toContainText('11977771234');
  await expect(row).toContainText('WhatsApp');
  await row.getByText('Evento').click();
  await expect(row.locator('pre')).toHaveText(
    'Convite E2E para Mariana Costa: Degustação de vinhos do Douro',
  );
  // The worker delivers it (log transport); the list refreshes by itself.
  await expect(row.getByText('Enviada', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a setting saved in Configurações shows on the public contact page; a bad PIX key is refused', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.goto('/admin/settings');
  const email = page.getByLabel('E-mail de contato');
  const pixKey = page.getByLabel('Chave PIX');
  const original = { email: await email.inputValue(), pixKey: await pixKey.inputValue() };
  try {
    await pixKey.fill('529.982.247-24');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Chave PIX inválida: CPF inválido')).toBeVisible();

    await pixKey.fill('(11) 98765-4321');
    await email.fill('Fale.Conosco@Confraria.local');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
    // Stored as banks expect it, and the e-mail lower-cased.
    await expect(pixKey).toHaveValue('+5511987654321');
    await expect(email).toHaveValue('fale.conosco@confraria.local');

    await page.goto('/contato');
    const contacts = page.getByRole('complementary', { name: 'Outras formas de contato' });
    await expect(contacts.getByRole('link', { name: 'fale.conosco@confraria.local' })).toBeVisible();
  } finally {
    // Other specs read the default contacts and PIX key.
    await page.goto('/admin/settings');
    await page.getByLabel('E-mail de contato').fill(original.email);
    await page.getByLabel('Chave PIX').fill(original.pixKey);
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  }
});

test('a failed message is retried from Mensagens and delivered', async ({ page }) => {
  const recipient = `5511${String(Date.now()).slice(-8)}`;
  insertFailedMessage(recipient, 'Sua caixa de vinhos saiu para entrega.');
  await logInAsAdmin(page);
  await page.goto('/admin/outbox');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Falhou' });
  const row = rowFor(page, recipient);
  await expect(row.getByText('Falhou', { exact: true })).toBeVisible();
  await expect(row).toContainText('Erro: Cloud API 503: serviço indisponível');
  await row.getByRole('button', { name: `Reenviar mensagem para ${shownPhone(recipient)}` }).click();
  await expect(page.getByText('Mensagem colocada de novo na fila de envio.')).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Todos' });
  await expect(rowFor(page, recipient).getByText('Enviada', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
});

for (const width of [390, 1280]) {
  test(`WhatsApp, Mensagens and Configurações are axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // The outbox shows its table (with a retry button) rather than the empty state.
    insertFailedMessage(`5521${String(Date.now()).slice(-8)}`, 'Lembrete: degustação no sábado.');
    await logInAsAdmin(page);
    for (const [url, ready] of [
      ['/admin/whatsapp', 'Modelos de mensagem'],
      ['/admin/outbox', 'Reenviar'],
      ['/admin/settings', 'Provedores'],
    ] as const) {
      await page.goto(url);
      await expect(
        ready === 'Reenviar'
          ? page.getByRole('button', { name: /^Reenviar/ }).first()
          : page.getByRole('heading', { name: ready }),
      ).toBeVisible();
      // Nothing wider than the screen (phones scroll vertically only).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), url).toEqual([]);
      await page.screenshot({
        path: `test-results/admin-messaging-${url.split('/').pop()}-${width}.png`,
        fullPage: true,
      });
    }
  });
}
