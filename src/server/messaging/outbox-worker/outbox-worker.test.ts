import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/fakes/smtp-server';
import { startFakeWhatsAppServer, type FakeWhatsAppServer } from '../../../../tests/fakes/whatsapp-server';
import { runOnce } from './delivery';
import { start, stop } from './loop';
import { OUTBOX_DELIVERY, retryDelayMs } from './policy';

let t: TestApp | undefined;
let smtp: FakeSmtpServer | undefined;
let whatsapp: FakeWhatsAppServer | undefined;

afterEach(async () => {
  if (t) await stop(t.services.outboxWorker);
  await t?.close();
  await smtp?.close();
  await whatsapp?.close();
  t = smtp = whatsapp = undefined;
});

function enqueueSetPassword(app: TestApp, channel: 'email' | 'whatsapp', recipient: string) {
  return app.services.outbox.enqueue({
    channel,
    recipient,
    template: 'set_password',
    vars: { name: 'Ana' },
    secretVars: { setPasswordUrl: 'http://localhost:3000/definir-senha?token=abc123' },
  });
}

function row(app: TestApp, id: string) {
  const found = app.services.outbox.list({ limit: 1000 }).find((message) => message.id === id);
  if (!found) throw new Error(`message ${id} not in the outbox`);
  return found;
}

describe('outbox worker', () => {
  it('retries an e-mail the SMTP server rejected (451) and then delivers exactly one copy', async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Confraria <contato@confraria.test>' });
    smtp.reject(1, 451, 'Caixa temporariamente indisponível');
    const message = enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    const queuedAt = t.clock.now().getTime();

    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const afterFailure = row(t, message.id);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(afterFailure.lastError).toContain('451');
    expect(afterFailure.lastError).toContain('Caixa temporariamente indisponível');
    expect(afterFailure.nextAttemptAt.getTime()).toBe(queuedAt + 30_000);
    expect(smtp.received).toHaveLength(0);

    // Not due yet: nothing happens before the backoff has passed.
    t.clock.advance(29_000);
    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    t.clock.advance(1_000);
    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const delivered = row(t, message.id);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(delivered.sentAt?.getTime()).toBe(t.clock.now().getTime());

    expect(smtp.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['ana@teste.com.br']);
    expect(mail.from).toBe('contato@confraria.test');
    expect(mail.subject).toBe('Defina sua senha - Confraria Vinhos & Amigos');
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toBe(message.deliveryBody);
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('http://localhost:3000/definir-senha?token=abc123');

    // Delivered messages are never sent again.
    t.clock.advance(OUTBOX_DELIVERY.maxDelayMs);
    await runOnce(t.services.outboxWorker);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a WhatsApp message the Cloud API answered 500, with the right request and Bearer token', async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp(whatsapp.appEnv());
    whatsapp.fail(1, 500, 'Service temporarily unavailable');
    const message = enqueueSetPassword(t, 'whatsapp', '(11) 98765-4321');

    await runOnce(t.services.outboxWorker);
    const afterFailure = row(t, message.id);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(afterFailure.lastError).toBe('WhatsApp Cloud API 500: Service temporarily unavailable');
    expect(afterFailure.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 30_000);

    t.clock.advance(30_000);
    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(row(t, message.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    expect(whatsapp.requests).toHaveLength(2);
    for (const request of whatsapp.requests) {
      expect(request).toEqual({
        method: 'POST',
        path: `/v21.0/${whatsapp.phoneId}/messages`,
        authorization: `Bearer ${whatsapp.token}`,
        contentType: 'application/json',
        body: {
          messaging_product: 'whatsapp',
          to: '5511987654321',
          type: 'text',
          text: { body: message.deliveryBody },
        },
      });
    }
    expect(whatsapp.delivered).toHaveLength(1);
  });

  it('loses nothing while the provider is down: queued between attempts, failed with the error at the end', async () => {
    whatsapp = await startFakeWhatsAppServer();
    t = await createTestApp(whatsapp.appEnv());
    whatsapp.fail(Infinity, 503, 'Service unavailable');
    const messages = [
      enqueueSetPassword(t, 'whatsapp', '11987654321'),
      enqueueSetPassword(t, 'whatsapp', '21987654321'),
    ];

    const delays: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_DELIVERY.maxAttempts; attempt++) {
      const result = await runOnce(t.services.outboxWorker);
      const last = attempt === OUTBOX_DELIVERY.maxAttempts;
      expect(result).toEqual({ sent: 0, retrying: last ? 0 : 2, failed: last ? 2 : 0 });
      for (const message of messages) {
        const current = row(t, message.id);
        expect(current).toMatchObject({
          status: last ? 'failed' : 'queued',
          attempts: attempt,
          lastError: 'WhatsApp Cloud API 503: Service unavailable',
        });
        expect(current.lastError).not.toContain(whatsapp.token);
      }
      const wait = row(t, messages[0]!.id).nextAttemptAt.getTime() - t.clock.now().getTime();
      delays.push(wait);
      t.clock.advance(wait);
    }
    // 30 s doubling, capped at one hour.
    expect(delays.slice(0, 8)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600].map((s) => s * 1000));

    // Failed messages stay put and are not tried again by the worker.
    t.clock.advance(24 * 60 * 60_000);
    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(whatsapp.requests).toHaveLength(2 * OUTBOX_DELIVERY.maxAttempts);
    expect(t.services.outbox.list({ status: 'failed' })).toHaveLength(2);
  });

  it('keeps e-mails queued while the SMTP server is unreachable and delivers them when it is back', async () => {
    smtp = await startFakeSmtpServer();
    const port = smtp.port;
    await smtp.close();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const message = enqueueSetPassword(t, 'email', 'ana@teste.com.br');

    await runOnce(t.services.outboxWorker);
    const afterFailure = row(t, message.id);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterFailure.lastError).toMatch(/ECONNREFUSED/);

    smtp = await startFakeSmtpServer({ port });
    t.clock.advance(30_000);
    await runOnce(t.services.outboxWorker);
    expect(row(t, message.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([['ana@teste.com.br']]);
  });

  it('never stores the SMTP password in lastError', async () => {
    smtp = await startFakeSmtpServer({ auth: { user: 'clube', password: 'senha-smtp-secreta' } });
    t = await createTestApp({ SMTP_URL: smtp.url.replace('senha-smtp-secreta', 'senha-errada-secreta') });
    const message = enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    await runOnce(t.services.outboxWorker);
    const failed = row(t, message.id);
    expect(failed.lastError).toMatch(/535/);
    expect(failed.lastError).not.toContain('senha-errada-secreta');
  });

  it('with the log transport (no configuration) marks both channels sent', async () => {
    t = await createTestApp();
    const email = enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    const whats = enqueueSetPassword(t, 'whatsapp', '11987654321');
    const logged = vi.spyOn(t.services.log, 'info');

    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(row(t, email.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row(t, whats.id)).toMatchObject({ status: 'sent', attempts: 1 });
    // The log says who, which subject and where the copy is, never the body (names, phones, links:
    // a server log is where an erasure cannot reach); the whole e-mail is in a file of the local
    // mailbox, readable by the server's user only.
    expect(email.deliveryBody).toMatch(/definir-senha\?token=abc123/);
    expect(logged).toHaveBeenCalledWith(
      {
        channel: 'email',
        to: 'ana@teste.com.br',
        subject: email.subject,
        file: expect.stringContaining(path.join(t.dataDir, 'mailbox')),
      },
      'e-mail entregue à caixa local (SMTP_URL não definido)',
    );
    expect(logged).toHaveBeenCalledWith(
      {
        channel: 'whatsapp',
        to: '11987654321',
        file: expect.stringContaining(path.join(t.dataDir, 'mailbox')),
      },
      'WhatsApp entregue ao log',
    );
    // The greeting with the person's name is in the body, not in the log.
    expect(email.deliveryBody).toContain('Ana');
    expect(JSON.stringify(logged.mock.calls)).not.toMatch(/Ana\b|body/);
    expect(JSON.stringify(logged.mock.calls)).not.toContain('abc123');
    const files = fs.readdirSync(path.join(t.dataDir, 'mailbox'));
    // The e-mail's copy and the WhatsApp one (the development inbox of both channels).
    for (const ending of ['-ana@teste.com.br.txt', '-whatsapp-11987654321.txt']) {
      const copy = path.join(
        t.dataDir,
        'mailbox',
        files.find((name) => name.endsWith(ending))!,
      );
      expect(fs.readFileSync(copy, 'utf8')).toContain('definir-senha?token=abc123');
      expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    }
  });

  it('keeps a secret link out of the stored copy, and wipes the delivered text once sent', async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    const message = enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    expect(message.body).toContain('[link enviado somente ao destinatário]');
    expect(message.body).not.toContain('abc123');
    await runOnce(t.services.outboxWorker);
    expect(smtp.received[0]?.text).toContain('definir-senha?token=abc123');
    const sent = row(t, message.id);
    expect(sent.status).toBe('sent');
    expect(sent.deliveryBody).toBeNull();
    expect(JSON.stringify(sent)).not.toContain('abc123');
  });

  it('chooses e-mail and WhatsApp transports independently', async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    expect(t.services.messaging.providers).toEqual({ email: 'smtp', whatsapp: 'log' });
    enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    enqueueSetPassword(t, 'whatsapp', '11987654321');
    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('sends each message once when two passes run at the same time', async () => {
    whatsapp = await startFakeWhatsAppServer();
    whatsapp.delayMs = 50; // sends overlap: the second pass finds messages the first one listed
    t = await createTestApp(whatsapp.appEnv());
    const ids = ['11911110001', '11911110002', '11911110003', '11911110004'].map(
      (phone) => enqueueSetPassword(t!, 'whatsapp', phone).id,
    );

    const results = await Promise.all([runOnce(t.services.outboxWorker), runOnce(t.services.outboxWorker)]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(4);
    expect(whatsapp.delivered).toHaveLength(4);
    const recipients = whatsapp.delivered.map((body) => (body as { to: string }).to).sort();
    expect(recipients).toEqual(['5511911110001', '5511911110002', '5511911110003', '5511911110004']);
    for (const id of ids) expect(row(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('when started, delivers a message as soon as it is queued', async () => {
    smtp = await startFakeSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    start(t.services.outboxWorker);
    const message = enqueueSetPassword(t, 'email', 'ana@teste.com.br');
    // Far below the 5 s poll: the wake-up on enqueue did it.
    await vi.waitFor(() => expect(row(t!, message.id).status).toBe('sent'), { timeout: 2_000, interval: 20 });
    expect(smtp.received).toHaveLength(1);
  });

  it('computes the backoff as 30 s doubling, capped at one hour', () => {
    expect([1, 2, 3, 7, 8, 9, 20].map(retryDelayMs)).toEqual(
      [30, 60, 120, 1920, 3600, 3600, 3600].map((s) => s * 1000),
    );
  });
});
