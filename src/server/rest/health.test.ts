/**
 * /api/health for the owner's monitor (issue 14): database, providers in use, last good backup,
 * the outbox's backlog and the background jobs' last runs; 503 when the database is gone; nothing
 * secret in it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    SMTP_URL: 'smtp://usuario:senha-secreta@127.0.0.1:2525',
    WHATSAPP_TOKEN: 'token-secreto-do-whatsapp',
    WHATSAPP_PHONE_ID: '123456',
  });
});
afterEach(async () => {
  await t.close();
});

const health = () => t.request({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('answers the providers, the backlog, the last backup and the jobs, without secrets', async () => {
    const before = await health();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      providers: { payment: 'sandbox', email: 'smtp', whatsapp: 'cloud-api' },
      lastBackupAt: null,
      outbox: { waiting: 0, oldestWaitingSince: null },
      jobs: {},
    });

    t.services.outbox.enqueue({
      channel: 'email',
      recipient: 'ana@exemplo.com.br',
      template: 'contact',
      vars: { name: 'Ana', email: 'ana@exemplo.com.br', subject: 'Oi', message: 'Olá' },
    });
    const queuedAt = t.clock.now();
    await t.services.backups.runAutomatic();
    t.services.health.recordJobRun('housekeeping', true, new Date('2026-11-22T12:00:00.000Z'));

    const after = (await health()).json();
    expect(after.outbox.waiting).toBe(1);
    expect(Date.parse(after.outbox.oldestWaitingSince)).toBeLessThanOrEqual(queuedAt.getTime() + 1000);
    expect(after.lastBackupAt).toBe(t.clock.now().toISOString());
    expect(after.jobs).toEqual({ housekeeping: { lastRunAt: '2026-11-22T12:00:00.000Z', ok: true } });
    const body = JSON.stringify(after);
    for (const secret of ['senha-secreta', 'token-secreto-do-whatsapp', 'usuario']) {
      expect(body).not.toContain(secret);
    }
  });

  it('answers 503 when the database is unreachable', async () => {
    t.database.sqlite.close();
    const res = await health();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'error' });
    // The test app closes its database again on the way out.
    t.database.close = () => undefined;
  });
});
