/**
 * /api/health for the owner's monitor (docs/deploy.md): database, providers in use, last good backup,
 * the outbox's backlog and the background jobs' last runs; 503 when the database is gone; nothing
 * secret in it.
 */
import Database from 'better-sqlite3';
import { count, eq } from 'drizzle-orm';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { backupDatabase } from '../db/backup';
import { databaseFile } from '../db/client';
import { outbox } from '../db/schema';
import { runJobsByHand } from '../jobs';
import { runOnce } from '../messaging/outbox-worker/delivery';

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

/** A contact message queued by this process's outbox. */
const queueContact = (recipient: string) =>
  t.services.outbox.enqueue({
    channel: 'email',
    recipient,
    template: 'contact',
    vars: { name: 'Ana', email: 'ana@exemplo.com.br', subject: 'Oi', message: 'Olá' },
  });

/** A write by another process on the same file (the command line, an operator's sqlite3). */
function writeFromAnotherProcess(sql: string, ...values: unknown[]) {
  const other = new Database(databaseFile(t.dataDir));
  try {
    other.prepare(sql).run(...values);
  } finally {
    other.close();
  }
}

describe('GET /api/health', () => {
  it('shows a snapshot written by another process (a manual `confraria backup`) without a restart', async () => {
    expect((await health()).json().lastBackupAt).toBeNull();
    // The command's own process and connection, as `confraria backup` runs beside the server.
    const other = new Database(databaseFile(t.dataDir));
    let file: string;
    try {
      file = await backupDatabase(other, t.env.backupDir, new Date('2026-11-28T13:45:00.000Z'));
    } finally {
      other.close();
    }
    expect((await health()).json().lastBackupAt).toBe(fs.statSync(file).mtime.toISOString());
  });

  it('shows the invoice provider and the invoice pass among the jobs, as the owner has no other sign it runs', async () => {
    const withInvoices = await createTestApp({ INVOICE_PROVIDER: 'sandbox' });
    try {
      await runJobsByHand(withInvoices.services);
      const answer = (await withInvoices.request({ method: 'GET', url: '/api/health' })).json();
      expect(answer.providers.invoices).toBe('sandbox');
      expect(answer.jobs.invoices).toEqual({ lastRunAt: withInvoices.clock.now().toISOString(), ok: true });
    } finally {
      await withInvoices.close();
    }
  });

  it('answers the providers, the backlog, the last backup and the jobs, without secrets', async () => {
    const before = await health();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      providers: { payment: 'sandbox', email: 'smtp', whatsapp: 'cloud-api', invoices: 'off' },
      lastBackupAt: null,
      outbox: { waiting: 0, oldestWaitingSince: null },
      jobs: {},
    });

    queueContact('ana@exemplo.com.br');
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

  it('counts the backlog from counters kept by every write, equal to counting the rows', async () => {
    const queue = (n: number) => {
      for (let i = 0; i < n; i++) queueContact(`pessoa${i}@exemplo.com.br`);
    };
    const db = t.services.db;
    const counted = () =>
      db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'queued')).get()?.n ?? 0;
    const waiting = async () => (await health()).json().outbox.waiting as number;

    queue(5);
    expect(await waiting()).toBe(5);
    // The SMTP server of this test is not there: every message goes back to wait for a retry.
    await runOnce(t.services.outboxWorker);
    expect(await waiting()).toBe(5);
    db.update(outbox).set({ status: 'sent' }).where(eq(outbox.status, 'queued')).run();
    expect(await waiting()).toBe(0);
    queue(3);
    const [first, second] = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'queued'))
      .all();
    db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, first!.id)).run();
    // Written again with the same status: counted once.
    db.update(outbox).set({ status: 'queued' }).where(eq(outbox.id, second!.id)).run();
    expect(await waiting()).toBe(2);
    t.services.outbox.retry(first!.id);
    db.delete(outbox).where(eq(outbox.id, second!.id)).run();
    expect(await waiting()).toBe(2);
    expect(await waiting()).toBe(counted());
  });

  it("shows another process's writes to the outbox at the very next poll", async () => {
    const waiting = async () => (await health()).json().outbox.waiting as number;
    expect(await waiting()).toBe(0);
    const at = t.clock.now().getTime();
    writeFromAnotherProcess(
      `insert into outbox (id, channel, recipient, template, body, status, next_attempt_at, created_at, updated_at)
       values ('de-fora', 'email', 'bia@exemplo.com.br', 'contact', 'Olá', 'queued', ?, ?, ?)`,
      at,
      at,
      at,
    );
    const after = (await health()).json();
    expect(after.outbox).toEqual({ waiting: 1, oldestWaitingSince: new Date(at).toISOString() });
    writeFromAnotherProcess(`update outbox set status = 'failed' where id = 'de-fora'`);
    expect(await waiting()).toBe(0);
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
