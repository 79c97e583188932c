import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { createAccount } from '../../identity/accounts/create-account';
import { login } from '../../identity/accounts/sign-in';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await createAccount(t.services.accounts, { name: 'Ana', email: 'ana@teste.com.br', password: '123456' });
});
afterEach(async () => {
  await t.close();
});

const SENT = { message: 'Se o email estiver cadastrado, você receberá um link para definir sua senha.' };

describe('REST forgot/set password', () => {
  it('forgot-password queues the link; set-password answers {token, user} and the old token stops working', async () => {
    const { token: oldToken } = await login(t.services.accounts, {
      email: 'ana@teste.com.br',
      password: '123456',
    });
    const forgot = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ana@teste.com.br' },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual(SENT);
    const linkToken = t.services.outbox
      .list()[0]!
      .deliveryBody!.match(/definir-senha\?token=([a-z0-9]+)/)![1]!;

    const set = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: linkToken, password: 'nova-senha' },
    });
    expect(set.statusCode).toBe(200);
    const { token, user } = set.json();
    expect(user).toMatchObject({ email: 'ana@teste.com.br', role: 'user' });
    const verify = await t.request({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.statusCode).toBe(200);
    const old = await t.request({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.statusCode).toBe(401);

    const reuse = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: linkToken, password: 'nova-senha' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'Link inválido ou expirado. Solicite um novo link.' });
  });

  it('answers the same for an unknown e-mail, and validates the address', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ninguem@teste.com.br' },
    });
    expect(unknown.json()).toEqual(SENT);
    expect(t.services.outbox.list()).toEqual([]);
    const invalid = await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nao-e-email' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'Email inválido' });
  });

  it('an invented token is refused in Portuguese', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: 'inventado', password: 'nova-senha' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Link inválido ou expirado. Solicite um novo link.' });
  });
});
