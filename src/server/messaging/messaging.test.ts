import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../tests/fakes/smtp-server';
import {
  FAKE_DISPLAY_NUMBER,
  FAKE_WHATSAPP_PHONE_ID as PHONE_ID,
  FAKE_WHATSAPP_TOKEN as TOKEN,
  startFakeWhatsAppServer,
  type FakeWhatsAppServer,
} from '../../../tests/fakes/whatsapp-server';
import { toWhatsAppNumber } from './providers/whatsapp/cloud-api';

let t: TestApp | undefined;
let smtp: FakeSmtpServer | undefined;
let whatsapp: FakeWhatsAppServer | undefined;

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  await whatsapp?.close();
  t = smtp = whatsapp = undefined;
});

describe('messaging.status()', () => {
  it('reports the log for both channels when nothing is configured', async () => {
    t = await createTestApp();
    expect(await t.services.messaging.status()).toEqual({
      email: {
        provider: 'log',
        configured: false,
        ok: true,
        detail: 'SMTP_URL não definido: os e-mails são gravados no log e em DATA_DIR/mailbox',
      },
      whatsapp: {
        provider: 'log',
        configured: false,
        ok: true,
        detail:
          'WhatsApp Cloud API não configurada: as mensagens são gravadas no log do servidor e em DATA_DIR/mailbox',
      },
    });
  });

  it('names the missing variable when WhatsApp is half configured', async () => {
    t = await createTestApp({ WHATSAPP_TOKEN: TOKEN });
    const { whatsapp: status } = await t.services.messaging.status();
    expect(status).toMatchObject({ provider: 'log', configured: false, ok: true });
    expect(status.detail).toContain('WHATSAPP_PHONE_ID');
    expect(status.detail).not.toContain(TOKEN);
  });

  it('checks the SMTP server with the credentials and never shows the password', async () => {
    smtp = await startFakeSmtpServer({ auth: { user: 'clube', password: 'senha-smtp-secreta' } });
    t = await createTestApp({ SMTP_URL: smtp.url });
    expect((await t.services.messaging.status()).email).toEqual({
      provider: 'smtp',
      configured: true,
      ok: true,
      detail: `Servidor SMTP 127.0.0.1:${smtp.port} respondeu`,
    });
    await t.close();

    t = await createTestApp({ SMTP_URL: smtp.url.replace('senha-smtp-secreta', 'senha-errada-secreta') });
    const { email } = await t.services.messaging.status();
    expect(email).toMatchObject({ provider: 'smtp', configured: true, ok: false });
    expect(email.detail).toMatch(/535/);
    expect(JSON.stringify(email)).not.toContain('senha-errada-secreta');
  });

  it('signs in with SMTP_PASSWORD as it is (#, @, :, / and %), and never shows it when refused', async () => {
    const password = 'Ta#nat@2026:/%41';
    smtp = await startFakeSmtpServer({ auth: { user: 'clube', password } });
    const url = `smtp://clube@127.0.0.1:${smtp.port}`;
    t = await createTestApp({ SMTP_URL: url, SMTP_PASSWORD: password });
    expect((await t.services.messaging.status()).email).toMatchObject({ provider: 'smtp', ok: true });
    await t.close();

    t = await createTestApp({ SMTP_URL: url, SMTP_PASSWORD: 'Ta#nat@2025:/%41' });
    const { email } = await t.services.messaging.status();
    expect(email).toMatchObject({ provider: 'smtp', configured: true, ok: false });
    expect(email.detail).toMatch(/535/);
    expect(JSON.stringify(email)).not.toContain('Ta#nat');
    expect(JSON.stringify(email)).not.toContain(encodeURIComponent('Ta#nat'));
  });

  it('reports an unreachable SMTP server without waiting long', async () => {
    smtp = await startFakeSmtpServer();
    const port = smtp.port;
    await smtp.close();
    smtp = undefined;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const started = Date.now();
    const { email } = await t.services.messaging.status();
    expect(email).toMatchObject({ provider: 'smtp', configured: true, ok: false });
    expect(email.detail).toMatch(new RegExp(`^SMTP 127.0.0.1:${port}: .*ECONNREFUSED`));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('checks the WhatsApp phone number with the Bearer token', async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp(whatsapp.appEnv());
    expect((await t.services.messaging.status()).whatsapp).toEqual({
      provider: 'cloud-api',
      configured: true,
      ok: true,
      detail: `Número ${FAKE_DISPLAY_NUMBER} conectado`,
    });
    expect(whatsapp.requests).toEqual([
      {
        method: 'GET',
        path: `/v21.0/${PHONE_ID}`,
        authorization: `Bearer ${TOKEN}`,
        contentType: undefined,
        body: null,
      },
    ]);
  });

  it("shows the API's error for WhatsApp without the token, even when the API repeats it", async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp(whatsapp.appEnv());
    whatsapp.fail(1, 400, `Malformed access token ${TOKEN}`);
    const { whatsapp: status } = await t.services.messaging.status();
    expect(status).toEqual({
      provider: 'cloud-api',
      configured: true,
      ok: false,
      detail: 'WhatsApp Cloud API 400: Malformed access token [redacted]',
    });
  });

  it('reports a wrong WhatsApp token as not ok', async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp({ ...whatsapp.appEnv(), WHATSAPP_TOKEN: 'token-errado' });
    const { whatsapp: status } = await t.services.messaging.status();
    expect(status.ok).toBe(false);
    expect(status.detail).toMatch(/^WhatsApp Cloud API 401: Invalid OAuth access token/);
  });

  it('reuses a check for 15 seconds, so the public panel cannot hammer the providers', async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp(whatsapp.appEnv());
    await Promise.all([t.services.messaging.status(), t.services.messaging.status()]);
    t.clock.advance(14_000);
    await t.services.messaging.status();
    expect(whatsapp.requests).toHaveLength(1);
    t.clock.advance(1_000);
    await t.services.messaging.status();
    expect(whatsapp.requests).toHaveLength(2);
  });
});

describe('toWhatsAppNumber', () => {
  it('keeps digits only and adds Brazil to a bare DDD + number', () => {
    expect(toWhatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(toWhatsAppNumber('1133334444')).toBe('551133334444');
    expect(toWhatsAppNumber('+55 11 98765-4321')).toBe('5511987654321');
    expect(toWhatsAppNumber('+1 415 555 0100')).toBe('14155550100');
  });
});
