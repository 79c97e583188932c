/**
 * The per-account sign-in throttle, as a caller of POST /api/auth/login and tRPC sees it: growing
 * waits after failures on one account, per address and overall, never a lock, counted per call.
 * The per-IP limit is lifted here so that only the per-account one is at work.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { MSG } from '../../../shared/messages';
import { throttleDelayMs, waitText } from './sign-in-throttle';

let t: TestApp;
let owner: { email: string };
beforeEach(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  owner = await t.signIn('admin', 'dono@confraria.com.br');
});
afterEach(async () => {
  await t.close();
});

const login = (password: string, ip: string, email = owner.email) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const ATTACKER = '203.0.113.9';
const OWNER_IP = '198.51.100.20';

describe('per-account sign-in throttle', () => {
  it('after 3 failures from one address, the next attempt waits 1 s, then 2 s, 4 s… with a Portuguese 429', async () => {
    for (let i = 0; i < 3; i++) expect((await login('errada', ATTACKER)).statusCode).toBe(401);
    const waiting = await login('segredo123', ATTACKER);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      error: 'Muitas tentativas de entrar nesta conta. Aguarde 1 segundo e tente novamente.',
    });
    expect(waiting.headers['retry-after']).toBe('1');

    t.clock.advance(1000);
    expect((await login('errada', ATTACKER)).statusCode).toBe(401);
    t.clock.advance(1000);
    const longer = await login('errada', ATTACKER);
    expect(longer.json()).toEqual({ error: MSG.accountThrottled('1 segundo') });
    t.clock.advance(1000);
    expect((await login('errada', ATTACKER)).statusCode).toBe(401);
    t.clock.advance(3000);
    expect((await login('errada', ATTACKER)).json()).toEqual({ error: MSG.accountThrottled('1 segundo') });
    t.clock.advance(1000);
    // Waited out, the right password signs in and the failures are forgotten.
    expect((await login('segredo123', ATTACKER)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('errada', ATTACKER)).statusCode).toBe(401);
  });

  it('the same e-mail in other capitals or with spaces is the same account to the throttle', async () => {
    const variants = [
      owner.email.toUpperCase(),
      ` ${owner.email} `,
      owner.email.replace(/^./, (c) => c.toUpperCase()),
    ];
    for (const email of variants) expect((await login('errada', ATTACKER, email)).statusCode).toBe(401);
    const waiting = await login('segredo123', ATTACKER, owner.email);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ error: MSG.accountThrottled('1 segundo') });
  });

  it('the owner on another address is not slowed by one attacker', async () => {
    for (let failures = 0; failures < 9;) {
      const res = await login('errada', ATTACKER);
      if (res.statusCode === 429) t.clock.advance(Number(res.headers['retry-after']) * 1000);
      else failures++;
    }
    // The attacker now waits 64 s between guesses; the owner signs in at once.
    expect((await login('errada', ATTACKER)).json()).toEqual({ error: MSG.accountThrottled('2 minutos') });
    expect((await login('segredo123', OWNER_IP)).statusCode).toBe(200);
  });

  it('never a lock: from one address the waits stop at 15 minutes, from everywhere at 1 minute', async () => {
    expect(throttleDelayMs({ free: 3, maxDelayMs: 15 * 60_000 }, 40)).toBe(15 * 60_000);
    // Many addresses together: after 10 failures the account as a whole waits, at most a minute.
    for (let i = 0; i < 30; i++) {
      const res = await login('errada', `203.0.113.${i + 10}`);
      if (res.statusCode === 429) t.clock.advance(Number(res.headers['retry-after']) * 1000);
      else expect(res.statusCode).toBe(401);
    }
    const owners = await login('segredo123', OWNER_IP);
    expect(owners.statusCode).toBe(429);
    const wait = Number(owners.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The account as a whole waits: the screen shows the code field (the password with its code goes through).
    expect(owners.json()).toEqual({ error: MSG.accountThrottled(waitText(wait)), code: 'account_throttled' });
    t.clock.advance(wait * 1000);
    expect((await login('segredo123', OWNER_IP)).statusCode).toBe(200);
  });

  it('an e-mail without an account is throttled the same way (nothing to tell them apart)', async () => {
    const ghost = 'ninguem@confraria.com.br';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await login('errada', ATTACKER, ghost)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('counts every call of a tRPC batch on the same account', async () => {
    const inputs = Array.from({ length: 8 }, () => ({ email: owner.email, password: 'errada' }));
    const res = await t.request({
      method: 'POST',
      url: `/trpc/${Array(inputs.length).fill('auth.login').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input]))),
      remoteAddress: ATTACKER,
    });
    const codes = res.json().map((answer: { error: { data: { code: string } } }) => answer.error.data.code);
    expect(codes.filter((code: string) => code === 'UNAUTHORIZED')).toHaveLength(3);
    expect(codes.filter((code: string) => code === 'TOO_MANY_REQUESTS')).toHaveLength(5);
  });

  it('says the wait in seconds or minutes', () => {
    expect(waitText(1)).toBe('1 segundo');
    expect(waitText(45)).toBe('45 segundos');
    expect(waitText(60)).toBe('1 minuto');
    expect(waitText(61)).toBe('2 minutos');
  });
});
