import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/test/pagarme and /api/test/whatsapp', () => {
  it('report the built-in stand-ins when nothing is configured', async () => {
    t = await createTestApp();
    const payments = await t.request({ method: 'GET', url: '/api/test/pagarme' });
    expect(payments.statusCode).toBe(200);
    expect(payments.headers['cache-control']).toBe('no-store');
    expect(payments.json()).toMatchObject({ provider: 'sandbox', configured: false, ok: true });

    const messaging = await t.request({ method: 'GET', url: '/api/test/whatsapp' });
    expect(messaging.statusCode).toBe(200);
    expect(messaging.json()).toMatchObject({
      whatsapp: { provider: 'log', configured: false, ok: true },
      email: { provider: 'log', configured: false, ok: true },
    });
  });

  it('say a configured provider does not answer, without revealing its secrets', async () => {
    const secrets = {
      PAGARME_SECRET_KEY: 'sk_test_segredoPagarme123',
      PAGARME_API_URL: 'http://127.0.0.1:9/core/v5',
      WHATSAPP_TOKEN: 'EAAtokenSecretoWhats456',
      WHATSAPP_PHONE_ID: '1234567890',
      WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0',
      SMTP_URL: 'smtp://usuario:senhaSmtp789@127.0.0.1:9',
    };
    t = await createTestApp(secrets);
    const payments = await t.request({ method: 'GET', url: '/api/test/pagarme' });
    expect(payments.json()).toMatchObject({ provider: 'pagarme', configured: true, ok: false });
    const messaging = await t.request({ method: 'GET', url: '/api/test/whatsapp' });
    expect(messaging.json()).toMatchObject({
      whatsapp: { provider: 'cloud-api', configured: true, ok: false },
      email: { provider: 'smtp', configured: true, ok: false },
    });
    for (const body of [payments.body, messaging.body]) {
      for (const secret of ['segredoPagarme123', 'EAAtokenSecretoWhats456', 'senhaSmtp789']) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('answers 429 when one IP keeps calling (10 per minute)', async () => {
    t = await createTestApp();
    for (let i = 0; i < 10; i++) {
      expect((await t.request({ method: 'GET', url: '/api/test/pagarme' })).statusCode).toBe(200);
    }
    const limited = await t.request({ method: 'GET', url: '/api/test/whatsapp' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
  });
});
