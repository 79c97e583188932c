/**
 * The member portal in a real Chromium against the real server and the sandbox provider: real
 * subscription dates and the 30-day warning, a renewal paid on the sandbox page moving the end
 * date, a referral link that ends in a confirmed R$ 149,70 commission, a cancellation that keeps
 * access to the end date, the next step for an account without a record, and axe at 390 / 1280 px.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDate } from '../src/shared/format';
import { seriousA11yViolations } from './a11y';
import { expect, openWritableDb, payWithTestCard, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcRoute } from './trpc';
import { ADMIN } from './members';
import { DAY_MS } from '../src/shared/sao-paulo-time';

const PASSWORD = 'Taca-Rubi-Adega';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The server's database, writable: a member whose period ends soon cannot be made any other way. */
function writableDb() {
  const db = openWritableDb();
  return db;
}

interface Member {
  name: string;
  email: string;
  subscriberId: string;
  referralCode: string;
  end: Date;
}

/**
 * Registers through the public REST path, then does what the club's approval and a paid year do:
 * e-mail proven, subscriber tied to the account, approved, active until `endInDays` from now.
 */
async function createMember(request: APIRequestContext, name: string, endInDays: number): Promise<Member> {
  const email = uniqueEmail('confrade');
  const response = await request.post('/api/auth/register', { data: { name, email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  const userId = ((await response.json()) as { user: { id: string } }).user.id;
  const now = Date.now();
  const end = new Date(now + endInDays * DAY_MS);
  const start = end.getTime() - 365 * DAY_MS;
  const subscriberId = randomUUID();
  const referralCode = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
    '',
  );
  const db = writableDb();
  try {
    db.prepare('update users set email_verified_at = ? where id = ?').run(now, userId);
    db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         subscription_start_date, subscription_end_date, approved_at, approved_by, referral_code, user_id,
         created_at, updated_at)
       values (?, ?, ?, '11987654321', 'active', 'paid', 149700, ?, ?, ?, 'admin', ?, ?, ?, ?)`,
    ).run(subscriberId, name, email, start, end.getTime(), start, referralCode, userId, start, now);
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         paid_at, period_end_date, created_at, updated_at)
       values (?, ?, 'annual', 149700, 'paid', 'pix', 'sandbox', 'Assinatura anual - Confraria', ?, ?, ?, ?)`,
    ).run(randomUUID(), subscriberId, start, end.getTime(), start, now);
  } finally {
    db.close();
  }
  return { name, email, subscriberId, referralCode, end };
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The session cookie is set once the login answers: wait for the home it leads to.
  await page.waitForURL(/\/(user|admin)\/dashboard$/);
}

async function expectAxeClean(page: Page, label: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `${label} at ${width}px`).toEqual([]);
  }
}

test('real dates and the 30-day warning; renewal paid on the sandbox page moves the end date', async ({
  page,
}) => {
  const member = await createMember(page.request, 'Renata Renovação', 20);
  await logIn(page, member.email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.locator('.member-status')).toHaveText('Confrade Ativo');
  await expect(page.getByTestId('renewal-warning')).toContainText('Renovação próxima');

  await page.getByRole('link', { name: 'Assinatura', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura' })).toBeVisible();
  await expect(page.getByTestId('subscription-end')).toHaveText(formatDate(member.end));
  await expect(page.getByTestId('subscription-start')).toHaveText(
    formatDate(member.end.getTime() - 365 * DAY_MS),
  );
  await expect(page.getByTestId('subscription-days-left')).toHaveText('20');
  await expect(page.getByTestId('renewal-warning')).toContainText(
    `sua assinatura vence em 20 dias (${formatDate(member.end)})`,
  );
  await expect(page.getByText('R$ 897,00')).toBeVisible();

  await page.getByRole('button', { name: 'Renovar agora' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));
  await payWithTestCard(page);
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();

  await page.goto('/user/subscription');
  const newEnd = new Date(member.end.getTime() + 365 * DAY_MS);
  await expect(page.getByTestId('subscription-end')).toHaveText(formatDate(newEnd));
  await expect(page.getByTestId('renewal-warning')).toHaveCount(0);
  await page.goto('/user/payments');
  await expect(page.getByRole('cell', { name: 'R$ 897,00' })).toBeVisible();
  await expect(page.getByText('Pago').first()).toBeVisible();
});

test('"Renovar agora" while a card attempt of the member awaits its answer: no link, the reason in Portuguese', async ({
  page,
}) => {
  const member = await createMember(page.request, 'Vera Verificação', 20);
  // A card attempt whose answer was lost, as the server leaves it (the sandbox never loses one).
  const attemptId = randomUUID();
  const now = Date.now();
  const db = writableDb();
  try {
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         attempt, verifying_since, attempt_started_at, created_at, updated_at)
       values (?, ?, 'renewal', 89700, 'pending', 'credit_card', 'sandbox', 'Renovação anual', 1, ?, ?, ?, ?)`,
    ).run(attemptId, member.subscriberId, now, now, now, now);
  } finally {
    db.close();
  }
  try {
    await logIn(page, member.email);
    await page.goto('/user/subscription');
    await page.getByRole('button', { name: 'Renovar agora' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Há um pagamento em verificação para este e-mail ou CPF: nada foi cobrado agora. Não pague de novo',
    );
    await expect(page).toHaveURL(/\/user\/subscription$/);
    const check = openWritableDb();
    try {
      const links = check
        .prepare('select count(*) as n from payment_links where subscriber_id = ?')
        .get(member.subscriberId) as { n: number };
      expect(links.n).toBe(0);
    } finally {
      check.close();
    }
    await expectAxeClean(page, 'renewal held back');
  } finally {
    // Settled, so no later test of this server meets it.
    const settle = openWritableDb();
    try {
      settle
        .prepare(
          "update payments set status = 'failed', verifying_since = null, failure_reason = 'e2e' where id = ?",
        )
        .run(attemptId);
    } finally {
      settle.close();
    }
  }
});

test('referral link → checkout → sandbox payment → the referrer sees a confirmed R$ 149,70', async ({
  page,
  browser,
}) => {
  const referrer = await createMember(page.request, 'Igor Indicador', 200);
  await logIn(page, referrer.email);
  await page.goto('/user/referrals');
  const link = await page.getByLabel('Link de indicação').inputValue();
  expect(link).toBe(`${process.env.E2E_BASE_URL}/checkout?ref=${referrer.referralCode}`);

  // A friend opens the link in their own browser and pays.
  const friendContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const friend = await friendContext.newPage();
  await friend.route(trpcRoute('checkout.cep'), (route) =>
    answerTrpc(route, 'checkout.cep', { status: 502, code: 'BAD_GATEWAY', message: 'CEP indisponível' }),
  );
  await friend.goto(link);
  const friendEmail = uniqueEmail('amigo');
  await friend.getByLabel('Nome completo').fill('Amanda Amiga');
  await friend.getByLabel('Email').fill(friendEmail);
  await friend.getByLabel('Telefone / WhatsApp').pressSequentially('11987654321');
  await friend.getByLabel('CPF').pressSequentially('52998224725');
  await friend.getByLabel('CEP').pressSequentially('01310100');
  await friend.getByLabel('Número', { exact: true }).fill('1000');
  await friend.getByLabel('Endereço (rua, avenida)').fill('Avenida Paulista');
  await friend.getByLabel('Bairro').fill('Bela Vista');
  await friend.getByLabel('Cidade').fill('São Paulo');
  await friend.getByLabel('Estado').selectOption('SP');
  await friend.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(friend.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
  const [sandbox] = await Promise.all([
    friendContext.waitForEvent('page'),
    friend.getByRole('link', { name: /Abrir Link de Pagamento/ }).click(),
  ]);
  await payWithTestCard(sandbox);
  await expect(sandbox.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
  await friendContext.close();

  await page.reload();
  const row = page.getByTestId('referral-row').filter({ hasText: 'Amanda Amiga' });
  await expect(row).toContainText('R$ 149,70');
  await expect(row).toContainText('Confirmada');
  await expect(page.getByTestId('earned-amount')).toHaveText('R$ 149,70');

  // The club pays it out from the back office.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/referrals');
  await admin.getByLabel('Buscar').fill(referrer.email);
  const adminRow = admin.getByTestId('admin-referral-row').filter({ hasText: 'Amanda Amiga' });
  await expect(adminRow).toContainText('R$ 149,70');
  await adminRow.getByRole('button', { name: 'Marcar como pago' }).click();
  // Paying money out asks first, naming the amount and the referrer (ADR 034).
  const confirm = admin.getByRole('dialog', { name: 'Marcar comissão como paga' });
  await expect(confirm).toContainText(`Confirmar o pagamento de R$ 149,70 de comissão a ${referrer.name}`);
  await confirm.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(admin.getByText('Comissão marcada como paga')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(adminRow).toContainText(/Pago em .* por Admin E2E/);
  await expectAxeClean(admin, '/admin/referrals');
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId('referral-row').filter({ hasText: 'Amanda Amiga' })).toContainText('Paga');
});

test('a member cancels and keeps access until the end date; can undo', async ({ page }) => {
  const member = await createMember(page.request, 'Carlos Cancela', 90);
  await logIn(page, member.email);
  await page.goto('/user/subscription');
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(
    page.getByText(`Seu acesso continua até ${formatDate(member.end)}, o fim do período pago.`),
  ).toBeVisible();
  await page.getByLabel('Motivo (opcional)').fill('Vou viajar');
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(
    page.getByText('Cancelamento registrado. Seu acesso continua até o fim do período pago.'),
  ).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Ativo');
  await expect(page.locator('.member-status')).toHaveText('Confrade Ativo');

  // Still a member: every page works, and the dashboard says until when.
  await page.goto('/user/dashboard');
  await expect(
    page.getByText(`Cancelamento solicitado: seu acesso continua até ${formatDate(member.end)}.`),
  ).toBeVisible();
  await page.goto('/user/subscription');
  await page.getByRole('button', { name: 'Desfazer cancelamento' }).click();
  await expect(page.getByText('Cancelamento desfeito. Sua assinatura continua normalmente.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toBeVisible();
});

test('an account without a record sees the next step, not an error', async ({ page }) => {
  const email = uniqueEmail('sem-registro');
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Nina Nova', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Confirme seu email' })).toBeVisible();
  await expect(page.locator('.member-status')).toHaveText('Email não confirmado');
  for (const section of ['/user/profile', '/user/subscription', '/user/payments', '/user/referrals']) {
    await page.goto(section);
    await expect(page.getByRole('heading', { name: 'Confirme seu email' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await expectAxeClean(page, 'next step');
});

test('member pages are axe clean at 390 and 1280 px', async ({ page }) => {
  const member = await createMember(page.request, 'Paula Acessível', 5);
  await logIn(page, member.email);
  for (const section of [
    '/user/dashboard',
    '/user/profile',
    '/user/subscription',
    '/user/payments',
    '/user/referrals',
  ]) {
    await page.goto(section);
    await expect(page.locator('#member-section-title')).toBeVisible();
    await expect(page.locator('.page-loading')).toHaveCount(0);
    await expectAxeClean(page, section);
    if (process.env.E2E_SCREENSHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `test-results/member${section.replace(/\//g, '-')}-${width}.png`,
          fullPage: true,
        });
      }
    }
  }
  await page.goto('/user/subscription');
  await expect(page.getByTestId('renewal-warning')).toContainText('Renovação urgente');
});
