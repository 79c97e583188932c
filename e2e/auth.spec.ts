/**
 * The client shell end to end: accounts, sessions, guards by role, the auth screens' messages and
 * the static pages, in a real Chromium against the real server.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLongDate } from '../src/shared/format';
import { e2eDb, expect, expectApart, test, uniqueEmail } from './fixtures';
import { callsProcedure, trpcInput } from './trpc';
import { seriousA11yViolations } from './a11y';
import { ADMIN } from './members';

/** A member account created through the public REST path (no browser session). */
async function createMember(request: APIRequestContext, name = 'Maria Confreira') {
  const email = uniqueEmail('membro');
  const password = 'Taca-Rubi-Adega';
  const response = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(response.status()).toBe(201);
  return { name, email, password };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const path = (page: Page) => new URL(page.url()).pathname;

test('register → on to the checkout → signed in → logout clears the session', async ({ page }) => {
  const email = uniqueEmail('cadastro');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Criar Conta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
  await expect(page.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
    'href',
    '/privacidade',
  );

  await page.getByLabel('Nome completo').fill('João Confrade');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Taca-Rubi-Adega');
  await page.getByLabel('Confirmar senha').fill('Taca-Rubi-Adega');
  // The terms are required.
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('Você precisa aceitar os termos de uso')).toBeVisible();
  await page.getByLabel(/Li e aceito/).check();
  const linkRequest = page.waitForRequest((r) => callsProcedure(r.url(), 'checkout.createCheckoutLink'));
  await page.getByRole('button', { name: 'Criar Conta' }).click();

  // The annual plan at the price of the settings (the defaults here) → the provider's (sandbox) page.
  expect(trpcInput(await linkRequest, 'checkout.createCheckoutLink')).toMatchObject({
    name: 'João Confrade',
    email,
    amount: 149700,
  });
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));

  // Signed in: the entry pages send the member home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText('Portal do Confrade')).toBeVisible();
  // The header names who is signed in (the page may name the address again in its next step).
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed out, a protected page sends to /login and keeps where it was asked for.
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/);
  await expect(page.getByRole('heading', { name: 'Acesso dos Confrades' })).toBeVisible();
});

test('an e-mail already registered is refused on the register screen', async ({ page, request }) => {
  const member = await createMember(request);
  await page.goto('/signup');
  await page.getByLabel('Nome completo').fill('Outra Pessoa');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill('Taca-Rubi-Adega');
  await page.getByLabel('Confirmar senha').fill('Taca-Rubi-Adega');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Este email já está cadastrado');
  await expect(page).toHaveURL(/\/signup$/);
});

test('register screen checks the passwords before calling the server', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Ana');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Senha', { exact: true }).fill('12345');
  await page.getByLabel('Confirmar senha').fill('54321');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
});

test('register and login show the call defaults when the server cannot be reached', async ({ page }) => {
  await page.route(/\/trpc\/[^?]*auth\.(register|login)/, (route) => route.abort());
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Ana');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Senha', { exact: true }).fill('Taca-Rubi-Adega');
  await page.getByLabel('Confirmar senha').fill('Taca-Rubi-Adega');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Erro no registro');

  await page.goto('/login');
  await page.getByLabel('Email').fill('alguem@teste.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Erro no login');
});

test('login screen shows its messages on the screen', async ({ page, request }) => {
  const member = await createMember(request);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');

  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email e senha são obrigatórios');

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email ou senha inválidos');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // Login replaces the login page in history.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('admin login → admin area; an admin on member routes goes to the admin dashboard', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Administrador')).toBeVisible();
  await expect(page.getByText('Admin E2E')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Próximas ações' })).toBeVisible();
  // Today's date in long pt-BR form, e.g. "domingo, 22 de novembro de 2026".
  await expect(page.getByText(formatLongDate(new Date()))).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Seções do painel' });
  for (const label of [
    'Dashboard',
    'Assinantes',
    'Pagamentos',
    'WhatsApp',
    'Drive',
    'Indicações',
    'Mensagens',
    'Configurações',
  ]) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Mensagens' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();

  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  for (const entry of ['/', '/login', '/signup', '/register']) {
    await page.goto(entry);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  }
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
});

test('admin navigation is a drawer on phones', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Seções do painel' });
  await expect(nav).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Abrir menu' });
  const main = page.locator('.admin-main');

  // Opening moves focus into the drawer and makes the page behind it unreachable.
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
  await expect(main).toHaveAttribute('inert', '');
  // Escape closes it and gives focus back to the toggle.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(main).not.toHaveAttribute('inert');

  // The backdrop closes it too.
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
  await page.mouse.click(380, 400);
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  // Following a link closes it on the new page, focus back on the toggle.
  await toggle.click();
  await nav.getByRole('link', { name: 'Assinantes' }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assinantes' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(main).not.toHaveAttribute('inert');
});

test('a member on admin routes goes to the member dashboard; aliases lead to the member area', async ({
  page,
  request,
}) => {
  const member = await createMember(request, 'Carlos Sommelier');
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText('Carlos Sommelier')).toBeVisible();

  await page.goto('/admin/subscribers');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  for (const [alias, target, title] of [
    ['/subscription', '/user/subscription', 'Assinatura'],
    ['/referrals', '/user/referrals', 'Indicações'],
    ['/payments', '/user/payments', 'Pagamentos'],
    ['/dashboard', '/user/dashboard', 'Dashboard'],
  ] as const) {
    await page.goto(alias);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  const nav = page.getByRole('navigation', { name: 'Seções do portal' });
  await nav.getByRole('link', { name: 'Meu Perfil' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Meu Perfil' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Arquivos' }).click();
  await expect(page).toHaveURL(/\/user\/drive$/);
});

test('a session ended elsewhere is noticed on the next navigation', async ({ page, request, baseURL }) => {
  const member = await createMember(request);
  await page.clock.install();
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // The pointer leaves the page: a link left under it would preload (re-check) on its own.
  await page.mouse.move(0, 0);
  // Another tab logs out: the server session ends (the request shares this browser's cookies).
  const logout = await page.request.post('/api/auth/logout', { headers: { origin: baseURL! }, data: {} });
  expect(logout.status(), await logout.text()).toBe(200);
  // Once the cached session is stale, the next navigation re-checks it and lands on /login. The
  // click is dispatched without hovering: a hover preloads the route (intent), and that re-check
  // alone may leave for /login before the click lands.
  await page.clock.fastForward('01:00');
  // A background re-check of the stale session (timers moved a minute) may get there before the
  // click: either way the person lands on /login. Both promises are handled by Promise.any.
  // The page asked for rides along (`redirect`): the background re-check asks for the dashboard,
  // the click for the profile.
  const atLogin = /\/login(\?redirect=%2Fuser%2F(dashboard|profile))?$/;
  await Promise.any([
    page.waitForURL(atLogin),
    page
      .getByRole('navigation', { name: 'Seções do portal' })
      .getByRole('link', { name: 'Meu Perfil' })
      .dispatchEvent('click'),
  ]);
  await expect(page).toHaveURL(atLogin);
});

test('an anonymous visitor on protected routes goes to /login', async ({ page }) => {
  for (const [target, atLogin] of [
    ['/user/profile', /\/login\?redirect=%2Fuser%2Fprofile$/],
    ['/admin/subscribers', /\/login\?redirect=%2Fadmin%2Fsubscribers$/],
    ['/dashboard', /\/login(\?redirect=%2Fuser%2Fdashboard)?$/],
  ] as const) {
    await page.goto(target);
    await expect(page).toHaveURL(atLogin);
  }
});

test('register → "Confirme seu email" in the mailbox → /confirmar-email confirms it once', async ({
  page,
}) => {
  const email = uniqueEmail('confirma');
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Clara Confirma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Taca-Rubi-Adega');
  await page.getByLabel('Confirmar senha').fill('Taca-Rubi-Adega');
  await page.getByLabel(/Li e aceito/).check();
  await page.getByRole('button', { name: 'Criar Conta' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/pay/'));

  const linkPattern = /https?:\/\/\S+\/confirmar-email\?token=[^\s]+/;
  await expect.poll(() => e2eDb.mailboxFor(email).find((mail) => linkPattern.test(mail))).toBeTruthy();
  const link = e2eDb
    .mailboxFor(email)
    .find((mail) => linkPattern.test(mail))
    ?.match(linkPattern)?.[0];
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmar Email' })).toBeVisible();
  // The proof is the credential (ADR 027): the registration's password ends, a new one is chosen.
  await expect(page.getByRole('status')).toHaveText(
    'Email confirmado! Agora defina uma nova senha: por segurança, a senha usada no cadastro deixou de valer e as sessões abertas foram encerradas.',
  );
  const choose = page.getByRole('link', { name: 'Definir nova senha' });
  const setPasswordHref = await choose.getAttribute('href');
  expect(setPasswordHref).toMatch(/^\/definir-senha\?token=[a-z0-9]+$/);
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Link de confirmação inválido ou expirado. Entre na sua conta e peça um novo.',
  );
  await page.goto('/confirmar-email');
  await expect(page.getByRole('alert')).toHaveText(
    'Link de confirmação inválido ou expirado. Entre na sua conta e peça um novo.',
  );
});

test('forgot password → link from the mailbox → new password works', async ({ page, request }) => {
  const member = await createMember(request, 'Beatriz Esquecida');
  await page.goto('/login');
  // Once the app has adopted the page, the link carries the address typed (typing before that may
  // not reach it: the person types again, as the test does).
  const forgot = page.getByRole('link', { name: 'Esqueci minha senha' });
  await expect(async () => {
    await page.getByLabel('Email').fill(member.email);
    await expect(forgot).toHaveAttribute('href', /^\/esqueci-senha\?email=/, { timeout: 1000 });
  }).toPass();
  await forgot.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Se o email estiver cadastrado, você receberá um link para definir sua senha.',
  );

  // The e-mail reaches the recipient's mailbox; the outbox that admins read never shows the link.
  const linkPattern = /https?:\/\/\S+\/definir-senha\?token=[^\s]+/;
  await expect.poll(() => e2eDb.mailboxFor(member.email).find((mail) => linkPattern.test(mail))).toBeTruthy();
  const link = e2eDb
    .mailboxFor(member.email)
    .find((mail) => linkPattern.test(mail))
    ?.match(linkPattern)?.[0];
  const stored = e2eDb.outboxFor(member.email).find((row) => row.template === 'set_password');
  expect(stored?.body).toContain('[link enviado somente ao destinatário]');
  expect(stored?.body).not.toContain('token=');

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Definir Senha' })).toBeVisible();
  await page.getByLabel('Nova senha').fill('nova-senha-1');
  await page.getByLabel('Confirmar senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await page.getByLabel('Confirmar senha').fill('nova-senha-1');
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // The dashboard is on screen (not only its address): "Sair" is pressed on a page the member sees.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Beatriz Esquecida')).toBeVisible();
  // The toast that says so opens away from "Sair" (the member header's corner): the member can
  // press it at once.
  const done = page.getByRole('listitem').filter({ hasText: 'Senha definida com sucesso!' });
  await expect(done).toBeVisible();
  await expectApart(done, page.getByRole('button', { name: 'Sair' }));

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();

  // The link works once only.
  await page.goto(link!);
  await page.getByLabel('Nova senha').fill('mais-uma-senha');
  await page.getByLabel('Confirmar senha').fill('mais-uma-senha');
  await page.getByRole('button', { name: 'Definir senha' }).click();
  await expect(page.getByRole('alert')).toHaveText('Link inválido ou expirado. Solicite um novo link.');

  await logIn(page, member.email, member.password);
  await expect(page.getByRole('alert')).toHaveText('Email ou senha inválidos');
  await logIn(page, member.email, 'nova-senha-1');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('/definir-senha without a token explains the link is invalid', async ({ page }) => {
  await page.goto('/definir-senha');
  await expect(page.getByRole('alert')).toHaveText('Link inválido ou expirado. Solicite um novo link.');
  await expect(page.getByRole('button', { name: 'Definir senha' })).toBeDisabled();
});

test('/403, /404 and unknown paths', async ({ page }) => {
  await page.goto('/403');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Página Não Encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);

  for (const unknown of ['/nao-existe', '/admin/nada/aqui', '/user/qualquer']) {
    await page.goto(unknown);
    await expect.poll(() => path(page)).toBe('/');
  }
});

test('auth screens and both areas have no serious accessibility problems', async ({ page, request }) => {
  for (const target of ['/login', '/register', '/esqueci-senha', '/403', '/404']) {
    await page.goto(target);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousA11yViolations(page), target).toEqual([]);
  }
  const member = await createMember(request);
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  expect(await seriousA11yViolations(page), '/user/dashboard').toEqual([]);
  await page.getByRole('button', { name: 'Sair' }).click();
  // Signed out first: leaving for /login while the logout is on its way could cut it short.
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await seriousA11yViolations(page), '/admin/dashboard').toEqual([]);
});

test('a failed session check leaves the entry pages usable; a protected page shows the fallback', async ({
  page,
}) => {
  // The session check cannot reach the server.
  await page.route(/\/trpc\/[^?]*auth\.me/, (route) => route.abort());

  // /login and /register work without a session: the visitor is treated as anonymous.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Criar Conta' })).toBeVisible();

  // The member area cannot decide who may enter: the root error screen takes over, in Portuguese.
  await page.goto('/user/profile');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Não foi possível abrir esta página' }),
  ).toBeVisible();
  await expect(
    page.getByText('Não foi possível carregar esta página. Verifique sua conexão e tente novamente.'),
  ).toBeVisible();
  await expect(page.getByText(/fetch/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
});
