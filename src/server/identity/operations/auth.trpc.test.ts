import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { createAccount } from '../accounts/create-account';
import { SET_PASSWORD_TTL_MS } from '../accounts/account-links';

const PUBLIC_URL = 'https://clube.exemplo.com.br';
const COOKIE = 'confraria_session';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** A tRPC mutation over HTTP, as the browser sends it (single call, JSON body). */
function mutate(path: string, input?: unknown, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(input ?? null),
  });
}

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((cookie) => cookie.name === COOKIE);
}

async function registerAna() {
  await createAccount(t.services.accounts, { name: 'Ana', email: 'ana@teste.com.br', password: '123456' });
}

describe('tRPC auth.login', () => {
  it('sets the session in an HttpOnly, SameSite=Lax cookie and never returns the token', async () => {
    t = await createTestApp();
    await registerAna();
    const res = await mutate('auth.login', { email: 'ana@teste.com.br', password: '123456' });

    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({
      user: expect.objectContaining({ email: 'ana@teste.com.br', role: 'user' }),
    });
    expect(res.body).not.toMatch(/token/i);
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined(); // http://localhost: no Secure flag, or the browser would drop it
    // The cookie lasts until the session's hard end (90 days for a member); the server ends it
    // sooner when unused for 30 days.
    expect(cookie?.expires?.getTime()).toBe(t.clock.now().getTime() + 90 * 24 * 60 * 60 * 1000);
    expect(t.services.sessions.validate(cookie!.value)?.user.email).toBe('ana@teste.com.br');
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    const res = await mutate('auth.login', { email: 'ana@teste.com.br', password: '123456' });
    expect(sessionCookie(res)?.secure).toBe(true);
  });

  it('marks the cookie Secure behind a trusted proxy that says the browser used https', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await registerAna();
    const res = await mutate(
      'auth.login',
      { email: 'ana@teste.com.br', password: '123456' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(sessionCookie(res)?.secure).toBe(true);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    t = await createTestApp();
    await registerAna();
    const res = await mutate(
      'auth.login',
      { email: 'ana@teste.com.br', password: '123456' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(sessionCookie(res)?.secure).toBeUndefined();
  });

  it('answers 429 in Portuguese on the 11th attempt in a minute', async () => {
    t = await createTestApp();
    const answers: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      // Each on another account: the per-account throttle is not what this counts.
      last = await mutate('auth.login', { email: `x${i}@teste.com.br`, password: 'errada' });
      answers.push(last.statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts every call of a batch: 15 logins in one request make at most 10 password checks', async () => {
    t = await createTestApp();
    const logins = Array.from({ length: 15 }, (_, i) => ({
      email: `x${i}@teste.com.br`,
      password: 'errada',
    }));
    // The client splits its calls at 10 a request; a hand-made batch of 15 is refused whole…
    const tooLarge = await batch('auth.login', logins);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ error: 'Chamadas demais em uma só requisição' });
    // …and two batches within the limit still get only 10 tries between them.
    const first = await batch('auth.login', logins.slice(0, 8));
    const second = await batch('auth.login', logins.slice(8));
    const codes = [...first.json(), ...second.json()].map(
      (answer: { error: { data: { code: string } } }) => answer.error.data.code,
    );
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(10);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(5);
  });
});

/** A batched tRPC mutation as httpBatchLink sends it: `?batch=1`, the inputs keyed by position. */
function batch(path: string, inputs: unknown[]) {
  return t.request({
    method: 'POST',
    url: `/trpc/${Array(inputs.length).fill(path).join(',')}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input]))),
  });
}

describe('tRPC transport', () => {
  it('gives each call of a batch its own caller: a public and a signed-in call together', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('user');
    const res = await t.request({
      method: 'POST',
      url: '/trpc/auth.forgotPassword,auth.logout?batch=1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ 0: { email: 'ninguem@teste.com.br' } }),
    });
    expect(res.statusCode).toBe(200);
    const [forgot, logout] = res.json();
    expect(forgot.result.data.message).toBe(
      'Se o email estiver cadastrado, você receberá um link para definir sua senha.',
    );
    expect(logout.result.data).toEqual({ success: true });
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('answers 404 in Portuguese for names that are not procedures, including object internals', async () => {
    t = await createTestApp();
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'auth.__proto__',
      'auth.nada',
      // REST only (a file answer): defined once, not exposed to tRPC.
      'subscribers.exportCsv',
    ]) {
      const res = await t.request({ method: 'GET', url: `/trpc/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toEqual({ error: 'Recurso não encontrado' });
    }
    const mixed = await t.request({ method: 'GET', url: '/trpc/auth.me,__proto__?batch=1&input={}' });
    expect(mixed.statusCode).toBe(404);
  });

  it('marks answers no-store, like the REST ones', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/trpc/auth.me' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a body that is not JSON in Portuguese', async () => {
    t = await createTestApp();
    const res = await t.request({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('JSON inválido no corpo da requisição');
  });

  it('checks access before the input: an anonymous call to a member procedure is 401 whatever it sends', async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/trpc/referrals.mine' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Não autenticado. Faça login para continuar.');
  });
});

describe('Origin check on cookie-authenticated mutations', () => {
  async function signedInCookie() {
    await registerAna();
    const res = await mutate('auth.login', { email: 'ana@teste.com.br', password: '123456' });
    return sessionCookie(res)!.value;
  }

  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    t = await createTestApp();
    const token = await signedInCookie();
    const res = await mutate('auth.logout', undefined, {
      cookie: `${COOKIE}=${token}`,
      origin: 'https://malicioso.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Origem da requisição não permitida' });
    expect(t.services.sessions.validate(token)).not.toBeNull();
  });

  it('refuses a cookie mutation that carries no Origin at all', async () => {
    t = await createTestApp();
    const token = await signedInCookie();
    const res = await mutate('auth.logout', undefined, { cookie: `${COOKIE}=${token}` });
    expect(res.statusCode).toBe(403);
    expect(t.services.sessions.validate(token)).not.toBeNull();
  });

  it('accepts the public URL as Origin: logout ends the session and clears the cookie', async () => {
    t = await createTestApp();
    const token = await signedInCookie();
    const res = await mutate('auth.logout', undefined, {
      cookie: `${COOKIE}=${token}`,
      origin: t.env.publicUrl,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ success: true });
    expect(sessionCookie(res)?.value).toBe('');
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('accepts the Host the request was sent to as Origin (same-origin behind another name)', async () => {
    t = await createTestApp();
    const token = await signedInCookie();
    const res = await mutate('auth.logout', undefined, {
      cookie: `${COOKIE}=${token}`,
      host: 'confraria.lan:3000',
      origin: 'http://confraria.lan:3000',
    });
    expect(res.statusCode).toBe(200);
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('does not ask Bearer callers for an Origin', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('user');
    const res = await mutate('auth.logout', undefined, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('lets cookie-authenticated reads through without an Origin', async () => {
    t = await createTestApp();
    const token = await signedInCookie();
    const res = await t.request({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { cookie: `${COOKIE}=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.email).toBe('ana@teste.com.br');
  });
});

describe('forgot password → /definir-senha link', () => {
  const linkPattern = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/definir-senha\\?token=([a-z0-9]+)`);

  async function requestLink(email = 'ana@teste.com.br') {
    const res = await mutate('auth.forgotPassword', { email });
    expect(res.statusCode).toBe(200);
    return res.json().result.data;
  }
  function linkToken(): string {
    const [message] = t.services.outbox.list({ channel: 'email' });
    const token = message?.deliveryBody?.match(linkPattern)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  it('queues a set_password e-mail with the link; the link sets the password once; the new password logs in', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    expect(await requestLink()).toEqual({
      message: 'Se o email estiver cadastrado, você receberá um link para definir sua senha.',
    });
    const [message] = t.services.outbox.list();
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'ana@teste.com.br',
      template: 'set_password',
      status: 'queued',
    });
    const token = linkToken();

    const set = await mutate('auth.setPassword', { token, password: 'nova-senha-1' });
    expect(set.statusCode).toBe(200);
    expect(set.json().result.data.user.email).toBe('ana@teste.com.br');
    expect(sessionCookie(set)?.httpOnly).toBe(true); // signed in by the link

    const again = await mutate('auth.setPassword', { token, password: 'outra-senha' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Link inválido ou expirado. Solicite um novo link.');

    const oldPassword = await mutate('auth.login', { email: 'ana@teste.com.br', password: '123456' });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await mutate('auth.login', { email: 'ana@teste.com.br', password: 'nova-senha-1' });
    expect(newPassword.statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and queues nothing', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    expect(await requestLink('ninguem@teste.com.br')).toEqual({
      message: 'Se o email estiver cadastrado, você receberá um link para definir sua senha.',
    });
    expect(t.services.outbox.list()).toEqual([]);
  });

  it('the link works until 7 days after it was sent, not after', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    await requestLink();
    const token = linkToken();
    t.clock.advance(SET_PASSWORD_TTL_MS);
    const expired = await mutate('auth.setPassword', { token, password: 'nova-senha-1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('Link inválido ou expirado. Solicite um novo link.');

    await requestLink();
    const fresh = linkToken();
    t.clock.advance(SET_PASSWORD_TTL_MS - 60_000);
    expect((await mutate('auth.setPassword', { token: fresh, password: 'nova-senha-1' })).statusCode).toBe(
      200,
    );
  });

  it('a newer link replaces the older one', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    await requestLink();
    const first = linkToken();
    await requestLink();
    const second = linkToken();
    expect(second).not.toBe(first);
    expect((await mutate('auth.setPassword', { token: first, password: 'nova-senha-1' })).statusCode).toBe(
      400,
    );
    expect((await mutate('auth.setPassword', { token: second, password: 'nova-senha-1' })).statusCode).toBe(
      200,
    );
  });

  it('checks the new password like registration does', async () => {
    t = await createTestApp({ PUBLIC_URL });
    await registerAna();
    await requestLink();
    const res = await mutate('auth.setPassword', { token: linkToken(), password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('A senha deve ter pelo menos 8 caracteres');
    const guessable = await mutate('auth.setPassword', { token: linkToken(), password: 'senha1234' });
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().error.message).toBe(
      'Esta senha é fácil de adivinhar. Escolha outra: junte três ou quatro palavras sem relação ' +
        'entre si, ou use uma senha mais longa com letras, números e símbolos.',
    );
    // The link still works: a refused password does not use it up.
    expect(
      (await mutate('auth.setPassword', { token: linkToken(), password: 'nova-senha-1' })).statusCode,
    ).toBe(200);
  });
});
