/**
 * TRUST_PROXY: per-IP rate limits count the real client. By default X-Forwarded-For is not
 * believed (anyone can write it); behind a proxy the operator says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function loginsFromManyForwardedIps(app: TestApp, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    answers.push(
      await app.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        // One address per client: the per-account throttle (ADR 028) is not what this measures.
        payload: { email: `x${i}@y.co`, password: 'z' },
      }),
    );
  }
  return answers;
}

describe('TRUST_PROXY', () => {
  it('by default a forged X-Forwarded-For does not dodge the login limit: 429 in Portuguese', async () => {
    t = await createTestApp();
    const answers = await loginsFromManyForwardedIps(t, 12);
    const last = answers[answers.length - 1];
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toEqual({ error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  });

  it('behind a proxy (TRUST_PROXY=1) each forwarded client has its own allowance', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    const answers = await loginsFromManyForwardedIps(t, 12);
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
  });

  it('accepts true, false or a number of proxies, and names the variable otherwise', () => {
    const base = { NODE_ENV: 'test' };
    expect(parseEnv(base).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ ...base, TRUST_PROXY: 'sim' })).toThrow(
      'Configuração inválida: TRUST_PROXY: use true, false ou o número de proxies à frente do servidor',
    );
  });
});
