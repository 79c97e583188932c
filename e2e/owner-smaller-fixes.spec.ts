/**
 * The smaller things the owner's walk found, each at 390 and 1280 px and axe clean:
 * the delete dialog's CONFIRMAR, the drive's name after a refused file, phone numbers in the
 * outbox, a renewal's thanks, a failed CEP lookup, the app's own error page, the CSV's São Paulo
 * date, the password strength meter and the member's phone menu.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { saoPauloCalendarDay } from '../src/shared/sao-paulo-time';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, openWritableDb, test, uniqueEmail } from './fixtures';
import { createSeededMember, logIn, logInAsAdmin } from './members';
import { answerTrpc, trpcRoute } from './trpc';

const WIDTHS = [390, 1280] as const;

// Sign-ins, a screen and axe in each test: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 120_000 });
const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

function insert(sql: string, ...params: unknown[]) {
  const db = openWritableDb();
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

async function expectAxeClean(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

for (const width of WIDTHS) {
  test(`delete at ${width} px: "Excluir definitivamente" waits for CONFIRMAR; a wrong word keeps the dialog`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width));
    const id = randomUUID();
    const name = `Excluir Confirmar ${width} ${Date.now().toString(36)}`;
    const email = uniqueEmail('excluir');
    const now = Date.now();
    insert(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         referral_code, created_at, updated_at)
       values (?, ?, ?, '11987654321', 'pending', 'pending', 149700, ?, ?, ?)`,
      id,
      name,
      email,
      `DEL${now.toString(36).toUpperCase()}`,
      now,
      now,
    );
    await logInAsAdmin(page);
    await page.goto(`/admin/subscribers?search=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: `Excluir ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir assinante' });
    const button = dialog.getByRole('button', { name: 'Excluir definitivamente' });
    await expect(button).toBeDisabled();
    await dialog.getByLabel('Digite CONFIRMAR para excluir').fill('confirma');
    await dialog.getByLabel('Digite CONFIRMAR para excluir').press('Enter');
    await expect(dialog).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(
      dialog.getByText('Digite CONFIRMAR, em letras maiúsculas, para liberar a exclusão.'),
    ).toBeVisible();
    await expectAxeClean(page);
    await dialog.getByLabel('Digite CONFIRMAR para excluir').fill('CONFIRMAR');
    await button.click();
    await expect(page.getByText('Assinante excluído com sucesso!')).toBeVisible();
    expect(e2eDb.query('select id from subscribers where id = ?', id)).toEqual([]);
  });

  test(`drive at ${width} px: after a refused SVG, the next file goes up under its own name`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width));
    await logInAsAdmin(page);
    await page.goto('/admin/drive');
    await page.getByRole('button', { name: 'Enviar arquivo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar arquivo' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await dialog.getByLabel('Arquivo', { exact: true }).setInputFiles({
      name: 'logo-perigoso.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(svg),
    });
    await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('logo-perigoso');
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(dialog.getByText(/^Tipo de arquivo não permitido\./)).toBeVisible();

    // One white pixel, a real PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
      'base64',
    );
    const pngName = `rotulo-safra-${width}-${Date.now().toString(36)}`;
    await dialog.getByLabel('Arquivo', { exact: true }).setInputFiles({
      name: `${pngName}.png`,
      mimeType: 'image/png',
      buffer: png,
    });
    await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue(pngName);
    await expectAxeClean(page);
  });

  test(`outbox at ${width} px: phone numbers formatted as everywhere else`, async ({ page }) => {
    await page.setViewportSize(viewport(width));
    const digits = `55119${String(Date.now()).slice(-8)}`;
    const now = Date.now();
    insert(
      `insert into outbox (id, channel, recipient, template, subject, body, status, attempts, created_at, updated_at)
       values (?, 'whatsapp', ?, 'custom', null, 'Sua caixa chegou.', 'sent', 1, ?, ?)`,
      randomUUID(),
      digits,
      now,
      now,
    );
    await logInAsAdmin(page);
    await page.goto('/admin/outbox');
    const national = digits.slice(2);
    const shown = `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
    const row = page.getByTestId('outbox-row').filter({ hasText: shown });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText(digits);
    await expectAxeClean(page);
  });

  test(`renewal success at ${width} px: "Obrigado por renovar!"`, async ({ page }) => {
    await page.setViewportSize(viewport(width));
    await page.route(trpcRoute('checkout.linkStatus'), (route) =>
      answerTrpc(route, 'checkout.linkStatus', {
        data: {
          status: 'paid',
          customerName: 'Renato Renovação',
          customerEmail: 'renato@teste.com.br',
          planType: 'renewal',
          amount: 89700,
          paidAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          url: 'https://pagamento.exemplo/abc',
          lastAttemptFailed: false,
        },
      }),
    );
    await page.goto('/checkout/payment-link-success?payment_link_id=pl_renovacao');
    await expect(page.getByText('Obrigado por renovar! Seu pagamento foi confirmado.')).toBeVisible();
    await expect(page.getByText(/Bem-vindo\(a\)/)).toHaveCount(0);
    await expectAxeClean(page);
  });

  test(`CEP at ${width} px: a failed lookup says the address can be typed`, async ({ page, request }) => {
    await page.setViewportSize(viewport(width));
    await page.route(trpcRoute('checkout.cep'), (route) =>
      answerTrpc(route, 'checkout.cep', { status: 502, code: 'BAD_GATEWAY', message: 'x' }),
    );
    const member = await createSeededMember(request, { name: `CEP Falhou ${width}` });
    await logIn(page, member.email);
    await page.goto('/user/profile');
    await page.getByLabel('CEP').fill('01310-100');
    await expect(
      page.getByText('Não encontramos o endereço deste CEP: preencha o endereço abaixo.'),
    ).toBeVisible();
    await expect(page.getByLabel('Endereço')).toBeEditable();
    await expectAxeClean(page);
  });

  test(`error page at ${width} px: the app's own, in Portuguese`, async ({ page }) => {
    await page.setViewportSize(viewport(width));
    await logInAsAdmin(page);
    // The dashboard offline: the session check cannot reach the server.
    await page.route(/\/trpc\/[^?]*auth\.me/, (route) => route.abort());
    await page.goto('/admin/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Não foi possível abrir esta página' }),
    ).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expectAxeClean(page);
  });

  test(`CSV at ${width} px: the file is named with São Paulo's date`, async ({ page }) => {
    await page.setViewportSize(viewport(width));
    await logInAsAdmin(page);
    await page.goto('/admin/subscribers');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`assinantes-${saoPauloCalendarDay(new Date())}.csv`);
  });

  test(`password at ${width} px: the server's strength estimate as a meter while typing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport(width));
    await page.goto('/register');
    await page.getByLabel('Nome completo').fill('Marta Medidor');
    await page.getByLabel('Email').fill(uniqueEmail('medidor'));
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('12345678');
    await expect(
      page.getByText(/^Força da senha: Muito fraca — escolha uma senha mais difícil/),
    ).toBeVisible();
    await password.fill('gato azul come pizza fria');
    await expect(page.getByText(/^Força da senha: (Boa|Forte)$/)).toBeVisible();
    await expect(page.getByRole('meter')).toBeVisible();
    await expectAxeClean(page);
  });

  test(`member menu at ${width} px: "Indicações" and "Arquivos" on screen, even as the current page`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport(width));
    const member = await createSeededMember(request, { name: `Menu Telefone ${width}` });
    await logIn(page, member.email);
    await page.goto('/user/drive');
    const nav = page.getByRole('navigation', { name: 'Seções do portal' });
    for (const name of ['Indicações', 'Arquivos']) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
    }
    await expectAxeClean(page);
  });
}
