/**
 * The owner's account (ADR 028) in the browser: enrolling an authenticator app (the code
 * computed here from the key the screen shows), signing in with a recovery code and with the app's
 * code, the step-up dialog before a settings change, the dashboard on a local address, and the
 * password strength check that arrives only with the password field.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import { totpCode, totpStep } from '../src/server/identity/auth/totp';
import { keyFromShownSecret } from '../tests/two-factor';
import { seriousA11yViolations } from './a11y';
import { expect, test, uniqueEmail } from './fixtures';

const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};
const PASSWORD = 'Rubi-Adega-Safra-81';

/** A new admin of its own (enrolling the shared one would change every other spec's sign-in). */
async function createAdmin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const email = uniqueEmail('dono');
  // A fresh sign-in counts as a confirmation: creating an admin needs one.
  const created = await request.post('/api/auth/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Dona do Clube', email, password: PASSWORD, role: 'admin' },
  });
  expect(created.status()).toBe(201);
  return { email, password: PASSWORD };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Makes the account's sessions look signed in `minutes` ago, as if the admin had left the tab open:
 * the server's clock cannot be moved in the browser suite.
 */
function ageSessions(email: string, minutes: number) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'));
  try {
    db.prepare(
      'update sessions set created_at = created_at - ? where user_id = (select id from users where email = ?)',
    ).run(minutes * 60_000, email);
    db.prepare(
      'delete from session_step_ups where session_id in (select s.id from sessions s join users u on u.id = s.user_id where u.email = ?)',
    ).run(email);
  } finally {
    db.close();
  }
}

/** Waits until the authenticator app shows a code of a later 30-second step than `step`. */
async function nextStep(page: Page, step: number) {
  while (totpStep(new Date()) <= step) await page.waitForTimeout(500);
}

test('two-factor: enrol with the QR code’s key, keep the recovery codes, then sign in with one of them and with the app', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createAdmin(request);
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('link', { name: 'Segurança' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Verificação em duas etapas' })).toBeVisible();
  await expect(page.getByText('Desativada.')).toBeVisible();
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();

  const qr = page.getByRole('img', { name: 'Código QR para o aplicativo autenticador' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secretText = (await page.locator('.sec-secret').textContent()) ?? '';
  expect(secretText).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const key = keyFromShownSecret(secretText);
  await page.getByLabel('Código do aplicativo').fill('000000');
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(page.getByRole('alert')).toContainText('Código incorreto');
  const enrolledAt = totpStep(new Date());
  await page.getByLabel('Código do aplicativo').fill(totpCode(key, new Date()));
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();

  const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByText(/Ativada desde/)).toBeVisible();
  await expect(page.getByText('Códigos de recuperação restantes:')).toContainText('10');
  // The key is not on the page any more.
  await expect(page.locator('.sec-secret')).toHaveCount(0);

  // Sign in with a recovery code: the password first, then the code step.
  await signOut(page);
  await signIn(page, owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText(
    'Informe o código de 6 dígitos do seu aplicativo autenticador (ou um código de recuperação) para entrar.',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel('Código de verificação').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The same recovery code does not work twice.
  await signOut(page);
  await signIn(page, owner.email, owner.password);
  await page.getByLabel('Código de verificação').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Código inválido ou expirado. Confira o código no aplicativo autenticador e tente de novo.',
  );

  // The app's code, computed here from the key the screen showed (a code of a later step than the
  // one that confirmed the enrolment: each works once).
  await nextStep(page, enrolledAt);
  await page.getByLabel('Código de verificação').fill(totpCode(key, new Date()));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Segurança' }).click();
  await expect(page.getByText('Códigos de recuperação restantes:')).toContainText('9');
});

test('step-up: an old session saving the settings is asked for the password again, then saves', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createAdmin(request);
  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // On a local PUBLIC_URL the dashboard does not warn about two-factor being off.
  await expect(page.getByText(/não tem verificação em duas etapas/)).toHaveCount(0);

  ageSessions(owner.email, 10);
  await page.getByRole('link', { name: 'Configurações' }).click();
  const clubName = page.getByLabel('Nome do clube');
  await expect(clubName).toBeVisible();
  const newName = `Confraria ${Date.now().toString(36)}`;
  await clubName.fill(newName);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  await expect(dialog).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByLabel('Sua senha').fill('senha-errada');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Senha incorreta. Digite a senha com que você entra no painel.',
  );
  await dialog.getByLabel('Sua senha').fill(owner.password);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nome do clube')).toHaveValue(newName);

  // Cancelled, nothing is saved and the screen says why.
  ageSessions(owner.email, 10);
  await page.getByLabel('Nome do clube').fill('Nome Que Não Fica');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await page
    .getByRole('dialog', { name: 'Confirme sua identidade' })
    .getByRole('button', { name: 'Cancelar' })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    'Por segurança, confirme sua senha (ou o código do aplicativo autenticador) para continuar.',
  );
  await page.reload();
  await expect(page.getByLabel('Nome do clube')).toHaveValue(newName);
  // The club keeps its name for the other specs (confirmed again: the cancel left it unconfirmed).
  await page.getByLabel('Nome do clube').fill('Confraria Vinhos & Amigos');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  const again = page.getByRole('dialog', { name: 'Confirme sua identidade' });
  await again.getByLabel('Sua senha').fill(owner.password);
  await again.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Configurações salvas com sucesso!')).toBeVisible();
});

test('register: a guessable password is refused on the screen; the estimator downloads only with the password field', async ({
  page,
}) => {
  const estimator: string[] = [];
  page.on('request', (req) => {
    // The big chunk with the dictionaries (the small helper is lib/password-check).
    if (/\/assets\/password-strength-[^/]+\.js$/.test(req.url())) estimator.push(req.url());
  });
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Paula Rocha');
  await page.getByLabel('Email').fill(uniqueEmail('forte'));
  expect(estimator).toEqual([]);
  await page.getByLabel('Senha', { exact: true }).fill('senha1234');
  await expect.poll(() => estimator.length).toBe(1);
  await page.getByLabel('Confirmar senha').fill('senha1234');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(
    page.getByText(
      'Esta senha é fácil de adivinhar. Escolha outra: junte três ou quatro palavras sem relação entre si, ou use uma senha mais longa com letras, números e símbolos.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
