import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { register } from '../identity/accounts/sign-in';
import { findByEmail } from '../identity/accounts/account-reads';

let t: TestApp;
useTestApp((app) => (t = app));

const registerAna = () =>
  register(t.services.accounts, { name: 'Ana', email: 'ana@teste.com.br', password: 'Tannat-Rio-Lua' });

/** POST /api/auth/login with a JSON body: an object, or the text a client sent. */
const postLogin = (body: object | string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

describe('REST /api/auth', () => {
  it('registers a user (role forced to user) and answers {user, token}', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ana', email: 'Ana@Teste.com.br', password: 'Tannat-Rio-Lua', role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'Ana', email: 'ana@teste.com.br', role: 'user' });
    expect(body.token).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('honours the role only when an admin registers someone', async () => {
    const admin = await t.signIn('admin');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: 'Bia', email: 'bia@teste.com.br', password: 'Tannat-Rio-Lua', role: 'admin' },
    });
    expect(res.json().user.role).toBe('admin');
  });

  it('answers 409 in Portuguese for an e-mail already registered', async () => {
    const payload = { name: 'Ana', email: 'ana@teste.com.br', password: 'Tannat-Rio-Lua' };
    await t.request({ method: 'POST', url: '/api/auth/register', payload });
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Este email já está cadastrado' });
  });

  it('rejects a short password with the spec message (8 characters, ASVS)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ana', email: 'ana@teste.com.br', password: '1234567' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'A senha deve ter pelo menos 8 caracteres' });
  });

  it('rejects a guessable password, saying what to choose, and creates nothing', async () => {
    const cases = [
      ['12345678', 'Esta é uma das senhas mais usadas.'],
      ['ana.souza1', 'A senha não deve conter seu nome, seu email ou o nome do clube.'],
      ['confraria2026', 'A senha não deve conter seu nome, seu email ou o nome do clube.'],
      ['qwertyuiop', 'Esta é uma das senhas mais usadas.'],
    ];
    for (const [password, warning] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Ana Souza', email: 'ana.souza@teste.com.br', password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({
        error:
          `${warning} Escolha outra: junte três ou quatro palavras sem relação entre si, ou use uma ` +
          'senha mais longa com letras, números e símbolos.',
      });
    }
    expect(findByEmail(t.services.accounts, 'ana.souza@teste.com.br')).toBeUndefined();
  });

  it('logs in with {token, user} and verifies the token', async () => {
    await registerAna();
    const login = await postLogin({ email: 'ana@teste.com.br', password: 'Tannat-Rio-Lua' });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
    expect(user.email).toBe('ana@teste.com.br');
    const verify = await t.request({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ user });
  });

  it('requires both login fields: "Email e senha são obrigatórios"', async () => {
    const res = await postLogin({ email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Email e senha são obrigatórios' });
  });

  it('refuses a wrong password with 401 and no token', async () => {
    await registerAna();
    const res = await postLogin({ email: 'ana@teste.com.br', password: 'errada' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Email ou senha inválidos' });
  });

  it('verify without a token is 401', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/verify' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTypeOf('string');
  });

  it('never answers 500 for malformed or oversized bodies, and ignores unknown fields', async () => {
    const malformed = await postLogin('{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'JSON inválido no corpo da requisição' });

    const huge = await postLogin(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'Requisição muito grande' });

    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Ana',
        email: 'ana@teste.com.br',
        password: 'Tannat-Rio-Lua',
        isAdmin: true,
        extra: { a: 1 },
      },
    });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().user.role).toBe('user');
  });

  it('answers 429 in Portuguese after 10 logins a minute from one IP', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      // Each on another account: the per-account throttle is not what this counts.
      last = await postLogin({ email: `x${i}@y.co`, password: 'z' });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toEqual({ error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  });

  it('answers unknown /api and /trpc paths with JSON 404, never HTML', async () => {
    for (const url of ['/api/nao-existe', '/trpc/nada.aqui']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
