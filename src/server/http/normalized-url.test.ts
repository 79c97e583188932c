import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/app';
import { normalizedUrl } from './normalized-url';

describe('normalizedUrl', () => {
  it('decodes escapes of unreserved characters in the path only', () => {
    expect(normalizedUrl('/%61pi/auth/%6Cogin')).toBe('/api/auth/login');
    expect(normalizedUrl('/%74rpc/auth.me?input=%7B%7D')).toBe('/trpc/auth.me?input=%7B%7D');
    expect(normalizedUrl('/api%2Fauth/login')).toBe('/api%2Fauth/login');
    expect(normalizedUrl('/api/x%2561')).toBe('/api/x%2561');
    expect(normalizedUrl('/api/%zz')).toBe('/api/%zz');
  });
});

describe('an escaped /api or /trpc path gets the same checks as the plain one', () => {
  let t: TestApp;
  useTestApp((app) => (t = app));

  it('a Bearer token is read on /%61pi/… (the route runs as the caller, not as nobody)', async () => {
    const { token, email } = await t.signIn('user');
    const res = await t.request({
      method: 'GET',
      url: '/%61pi/auth/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('a cookie mutation on /%74rpc/… from a foreign Origin is refused and changes nothing', async () => {
    const { token } = await t.signIn('user');
    const res = await t.request({
      method: 'POST',
      url: '/%74rpc/auth.logout',
      headers: {
        'content-type': 'application/json',
        cookie: `confraria_session=${token}`,
        origin: 'https://malicioso.example',
      },
      payload: 'null',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Origem da requisição não permitida' });
    expect(t.services.sessions.validate(token)).not.toBeNull();
  });

  it('names that are no procedure answer 404 on /%74rpc/… too', async () => {
    const res = await t.request({ method: 'GET', url: '/%74rpc/__proto__' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado' });
  });

  it('a batch on /%74rpc/… counts every call against the sign-in allowance', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const calls = 'auth.login,auth.login,auth.login,auth.login';
      const input = JSON.stringify(
        Object.fromEntries([0, 1, 2, 3].map((i) => [i, { email: `x${i}@teste.com.br`, password: 'errada' }])),
      );
      const res = await limited.request({
        method: 'POST',
        url: `/%74rpc/${calls}?batch=1`,
        headers: { 'content-type': 'application/json' },
        payload: input,
      });
      const codes = res
        .json<{ error?: { data?: { httpStatus?: number } } }[]>()
        .map((answer) => answer.error?.data?.httpStatus);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
