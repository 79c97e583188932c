/**
 * Rate limits decide before the body is read (ADR 036): once a client's allowance is
 * spent, its calls are refused without parsing what they sent, on REST and tRPC alike, and a tRPC
 * batch still counts each of its calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';
const NOT_JSON = '{"email": "x@y.co", "password": ';

const restLogin = (payload: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
  });
const trpcLogin = (payload: string, batch = false) =>
  t.request({
    method: 'POST',
    url: batch ? '/trpc/auth.login,auth.login?batch=1' : '/trpc/auth.login',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('rate limits before the body is read', () => {
  it('REST: a body that is not even JSON counts, and past the limit gets 429, not 400', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await restLogin(NOT_JSON)).statusCode);
    expect(codes).toEqual(Array(10).fill(400));
    const refused = await restLogin(NOT_JSON);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('REST: the same allowance is spent by tRPC calls (one count per call, whatever the transport)', async () => {
    for (let i = 0; i < 10; i++) await trpcLogin(NOT_JSON);
    expect((await restLogin(JSON.stringify({ email: 'x@y.co', password: 'z' }))).statusCode).toBe(429);
  });

  it('tRPC: a refused call is answered as tRPC answers it, without reading the body', async () => {
    for (let i = 0; i < 10; i++) expect((await trpcLogin(NOT_JSON)).statusCode).toBe(400);
    const refused = await trpcLogin(NOT_JSON);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        message: TOO_MANY,
        code: -32029,
        data: {
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
          path: 'auth.login',
          zodError: null,
          reason: null,
        },
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tRPC: a batch whose calls are all refused gets one refusal per call', async () => {
    for (let i = 0; i < 5; i++) await trpcLogin(NOT_JSON, true);
    const refused = await trpcLogin(NOT_JSON, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveLength(2);
    expect(refused.json().map((answer: { error: { message: string } }) => answer.error.message)).toEqual([
      TOO_MANY,
      TOO_MANY,
    ]);
  });

  it('tRPC: a batch partly within the allowance runs its allowed call; the refused one reads the same', async () => {
    for (let i = 0; i < 9; i++) await trpcLogin(NOT_JSON);
    const partly = await trpcLogin(
      JSON.stringify({ 0: { email: 'x@y.co', password: 'z' }, 1: { email: 'w@y.co', password: 'z' } }),
      true,
    );
    const [allowed, refusedInBatch] = partly.json();
    expect(allowed.error.data.code).toBe('UNAUTHORIZED');
    // Refused by tRPC's own error formatter, as every call was before this hook…
    expect(refusedInBatch.error.data.code).toBe('TOO_MANY_REQUESTS');
    // …and the hook's answer for a call refused before its body is the same.
    const early = await trpcLogin(NOT_JSON);
    expect(early.json()).toEqual(refusedInBatch);
  });

  it('a route without a limit is never refused', async () => {
    for (let i = 0; i < 12; i++) await restLogin(NOT_JSON);
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
