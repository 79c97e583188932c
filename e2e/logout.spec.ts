/**
 * "Sair" when the network does not cooperate (ADR 056): an answer of the session check that was
 * asked while the member was still signed in and lands after the logout, and a logout call that
 * fails. Either way the person must know where they stand: out on /login, or still in with a message.
 */
import type { Page, Response, Route } from '@playwright/test';
import { expect, expectApart, test } from './fixtures';
import { ADMIN, createSeededMember, logIn, logInAsAdmin } from './members';
import { answerTrpc, callsProcedure, trpcRoute } from './trpc';

const LOGOUT_FAILED = 'Não foi possível sair agora. Verifique sua conexão e tente novamente.';

// Once the service worker controls the page, the calls it lets through reach the network out of
// page.route's reach (a routed failure would then be a real logout).
test.use({ serviceWorkers: 'block' });

test('a session check answered after "Sair" does not bring the member back in', async ({ page, request }) => {
  const member = await createSeededMember(request, { name: 'Lia Atrasada' });
  await page.clock.install();
  await logIn(page, member.email);
  await expect(page.getByText('Lia Atrasada').first()).toBeVisible();
  // The pointer leaves the page: a link left under it would preload (re-check the session) on its own.
  await page.mouse.move(0, 0);

  // The next session check is asked now (signed in) and answered only once the logout is over.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: (value: Route) => void;
  const heldRoute = new Promise<Route>((resolve) => (held = resolve));
  const sessionCheck = trpcRoute('auth.me');
  await page.route(sessionCheck, async (route) => {
    const answer = await route.fetch();
    held(route);
    await released;
    await route.fulfill({ response: answer }).catch(() => {});
  });

  // The cached session goes stale: the next navigation re-checks it in the background.
  await page.clock.fastForward('01:00');
  await page
    .getByRole('navigation', { name: 'Seções do portal' })
    .getByRole('link', { name: 'Meu Perfil' })
    .dispatchEvent('click');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  await heldRoute;

  const loggedOut = page.waitForResponse((response: Response) =>
    callsProcedure(response.url(), 'auth.logout'),
  );
  await page.getByRole('button', { name: 'Sair' }).click();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);

  // The late answer (the member, as the server saw them before the logout) arrives now. Written
  // into the session's cache, it would send the person from /login back to their dashboard.
  const lateAnswer = page.waitForEvent('requestfinished', (request) =>
    callsProcedure(request.url(), 'auth.me'),
  );
  release();
  await lateAnswer.catch(() => {});
  await page.unroute(sessionCheck);

  // Still a visitor: the entry pages open as such (a signed-in person would be sent home), and the
  // member area asks to sign in.
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();
  await page.getByRole('link', { name: 'Criar conta' }).click({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Criar Conta' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login(\?redirect=%2Fuser%2Fdashboard)?$/);
});

/** Who the server says this browser's session is (its cookie), as the app's own session check asks. */
async function serverSessionEmail(page: Page): Promise<string | null> {
  const answer = await page.request.get('/trpc/auth.me');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { result: { data: { email: string } | null } };
  return body.result.data?.email ?? null;
}

/**
 * After a failed "Sair": the message leaves "Sair" uncovered, and once the logout call goes through
 * again, a second click signs out on the server too.
 */
async function expectLogoutRetried(page: Page, logoutCall: Parameters<Page['unroute']>[0]): Promise<void> {
  await expectApart(
    page.getByRole('listitem').filter({ hasText: LOGOUT_FAILED }),
    page.getByRole('button', { name: 'Sair' }),
  );
  await page.unroute(logoutCall);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await serverSessionEmail(page)).toBeNull();
}

for (const [failure, answer] of [
  ['the network drops it', (route: Route) => route.abort('internetdisconnected')],
  ['the server answers 500', (route: Route) => route.fulfill({ status: 500, body: 'Internal Server Error' })],
] as const) {
  test(`a logout that did not happen (${failure}) keeps the member in, says so, and can be tried again`, async ({
    page,
    request,
  }) => {
    const member = await createSeededMember(request, { name: 'Rui Desconectado' });
    await logIn(page, member.email);
    await expect(page.getByText('Rui Desconectado').first()).toBeVisible();

    const logoutCall = trpcRoute('auth.logout');
    await page.route(logoutCall, answer);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByText(LOGOUT_FAILED)).toBeVisible();
    // Still in, on the page they were on, and truly so: the session was not ended.
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByText('Rui Desconectado').first()).toBeVisible();
    expect(await serverSessionEmail(page)).toBe(member.email);

    // The message does not cover "Sair": the next try need not wait for it to go.
    await expectLogoutRetried(page, logoutCall);
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login(\?redirect=%2Fuser%2Fdashboard)?$/);
  });
}

test('in the back office too, a failed logout keeps the admin in and says so', async ({ page }) => {
  await logInAsAdmin(page);
  const logoutCall = trpcRoute('auth.logout');
  await page.route(logoutCall, (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText(LOGOUT_FAILED)).toBeVisible();
  // The toasts' own controls speak Portuguese to a screen reader too.
  await expect(page.getByRole('region', { name: 'Notificações alt+T' })).toBeAttached();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: LOGOUT_FAILED })
      .getByRole('button', { name: 'Fechar notificação' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await serverSessionEmail(page)).toBe(ADMIN.email);

  await expectLogoutRetried(page, logoutCall);
});

test('a logout the server refuses as signed out already (401) opens /login', async ({ page, request }) => {
  const member = await createSeededMember(request, { name: 'Ana Expirada' });
  await logIn(page, member.email);
  await expect(page.getByText('Ana Expirada').first()).toBeVisible();

  // The session ended behind the page's back (expired, another tab): the server answers 401.
  await page.route(trpcRoute('auth.logout'), (route) =>
    answerTrpc(route, 'auth.logout', {
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Não autenticado. Faça login para continuar.',
    }),
  );
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso dos Confrades' })).toBeVisible();
  await expect(page.getByText(LOGOUT_FAILED)).toHaveCount(0);
});
