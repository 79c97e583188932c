import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { outbox } from '../../db/schema';
import { OUTBOX_MSG } from '../outbox';
import { runOnce } from '../outbox-worker/delivery';
import { requestPasswordReset } from '../../identity/accounts/account-links';

let t: TestApp;
useTestApp((app) => (t = app));

/** Queues `count` messages a minute apart, alternating channels; returns them oldest first. */
function enqueueMany(count: number) {
  return Array.from({ length: count }, (_, index) => {
    t.clock.advance(60_000);
    return t.services.outbox.enqueue({
      channel: index % 2 === 0 ? 'email' : 'whatsapp',
      recipient: index % 2 === 0 ? `pessoa${index}@teste.com.br` : `1198765${String(index).padStart(4, '0')}`,
      template: 'payment_reminder',
      vars: { name: `Pessoa ${index}` },
    });
  });
}

async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('outbox router (admin)', () => {
  it('is closed to anonymous callers and to members', async () => {
    const member = await t.signIn('user');
    expect((await errorOf(t.caller().outbox.list({}))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(t.caller(member.token).outbox.list({}))).code).toBe('FORBIDDEN');
    expect((await errorOf(t.caller().outbox.retry({ id: 'x' }))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(t.caller(member.token).outbox.retry({ id: 'x' }))).code).toBe('FORBIDDEN');
  });

  it('lists newest first with page, limit, total and pages', async () => {
    const admin = await t.signIn('admin');
    const messages = enqueueMany(25);
    const newestFirst = [...messages].reverse().map((message) => message.id);

    const first = await t.caller(admin.token).outbox.list({ limit: 10 });
    expect(first).toMatchObject({ page: 1, limit: 10, total: 25, pages: 3 });
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 10));

    const last = await t.caller(admin.token).outbox.list({ page: 3, limit: 10 });
    expect(last.items.map((item) => item.id)).toEqual(newestFirst.slice(20));

    const beyond = await t.caller(admin.token).outbox.list({ page: 4, limit: 10 });
    expect(beyond).toMatchObject({ items: [], total: 25, pages: 3 });

    const defaults = await t.caller(admin.token).outbox.list();
    expect(defaults).toMatchObject({ page: 1, limit: 20, total: 25, pages: 2 });
    expect(defaults.items[0]).toMatchObject({
      id: newestFirst[0],
      channel: 'email',
      recipient: 'pessoa24@teste.com.br',
      template: 'payment_reminder',
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
  });

  it('keeps newest first for messages queued in the same millisecond', async () => {
    const admin = await t.signIn('admin');
    const vars = { name: 'Ana' };
    const older = t.services.outbox.enqueue({
      channel: 'email',
      recipient: 'a@teste.com.br',
      template: 'event',
      vars,
    });
    const newer = t.services.outbox.enqueue({
      channel: 'email',
      recipient: 'b@teste.com.br',
      template: 'event',
      vars,
    });
    const { items } = await t.caller(admin.token).outbox.list({});
    expect(items.map((item) => item.id)).toEqual([newer.id, older.id]);
  });

  it('filters by status and channel', async () => {
    const admin = await t.signIn('admin');
    enqueueMany(6); // 3 e-mails, 3 WhatsApp
    await runOnce(t.services.outboxWorker); // log transport: all sent
    enqueueMany(3); // 2 e-mails, 1 WhatsApp, queued

    const api = t.caller(admin.token).outbox;
    expect((await api.list({ status: 'queued' })).total).toBe(3);
    expect((await api.list({ status: 'sent' })).total).toBe(6);
    expect((await api.list({ status: 'failed' })).total).toBe(0);
    const whatsappQueued = await api.list({ status: 'queued', channel: 'whatsapp' });
    expect(whatsappQueued.total).toBe(1);
    expect(
      whatsappQueued.items.every((item) => item.channel === 'whatsapp' && item.status === 'queued'),
    ).toBe(true);
    expect((await api.list({ channel: 'email' })).total).toBe(5);
  });

  it('rejects bad filters with Portuguese messages', async () => {
    const admin = await t.signIn('admin');
    const api = t.caller(admin.token).outbox;
    const tooMany = await errorOf(api.list({ limit: 500 }));
    expect(tooMany).toMatchObject({ code: 'BAD_REQUEST' });
    expect(tooMany.message).toContain('O limite máximo é 100');
    // @ts-expect-error an unknown status is refused at run time too
    const badStatus = await errorOf(api.list({ status: 'lost' }));
    expect(badStatus.message).toContain('Status inválido');
  });

  it('requeues a failed message with fresh attempts, and the worker then delivers it', async () => {
    const admin = await t.signIn('admin');
    const [message] = enqueueMany(1);
    t.services.db
      .update(outbox)
      .set({ status: 'failed', attempts: 10, lastError: 'connect ECONNREFUSED 127.0.0.1:587' })
      .where(eq(outbox.id, message!.id))
      .run();
    t.clock.advance(60_000);

    const requeued = await t.caller(admin.token).outbox.retry({ id: message!.id });
    expect(requeued).toMatchObject({
      id: message!.id,
      status: 'queued',
      attempts: 0,
      lastError: 'connect ECONNREFUSED 127.0.0.1:587',
    });
    expect(requeued.nextAttemptAt).toBe(t.clock.now().toISOString());

    expect(await runOnce(t.services.outboxWorker)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [after] = (await t.caller(admin.token).outbox.list({ status: 'sent' })).items;
    expect(after).toMatchObject({ id: message!.id, attempts: 1, lastError: null });
  });

  it('refuses to retry a message that did not fail, or one that does not exist', async () => {
    const admin = await t.signIn('admin');
    const [message] = enqueueMany(1);
    const notFailed = await errorOf(t.caller(admin.token).outbox.retry({ id: message!.id }));
    expect(notFailed).toMatchObject({ code: 'CONFLICT', message: OUTBOX_MSG.onlyFailedRetry });
    const missing = await errorOf(t.caller(admin.token).outbox.retry({ id: 'nao-existe' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: OUTBOX_MSG.notFound });
    expect((await t.caller(admin.token).outbox.list({ status: 'queued' })).total).toBe(1);
  });
});

describe('secrets in the outbox (ADR 008)', () => {
  it('an admin reading the outbox never sees a set-password link, before or after delivery', async () => {
    const admin = await t.signIn('admin');
    const member = await t.signIn('user', 'ana@teste.com.br');
    requestPasswordReset(t.services.accounts, member.email);
    const token = t.services.outbox.list()[0]?.deliveryBody?.match(/token=([a-z0-9]+)/)?.[1];
    expect(token).toBeTruthy();

    const before = await t.caller(admin.token).outbox.list({ channel: 'email' });
    expect(before.items[0]?.body).toContain('[link enviado somente ao destinatário]');
    expect(JSON.stringify(before)).not.toContain(token);

    await runOnce(t.services.outboxWorker);
    const after = await t.caller(admin.token).outbox.list({ status: 'sent' });
    expect(after.items[0]?.template).toBe('set_password');
    expect(JSON.stringify(after)).not.toContain(token);
    // Nor does the database keep it once delivered.
    const [row] = t.database.db.select().from(outbox).where(eq(outbox.template, 'set_password')).all();
    expect(JSON.stringify(row)).not.toContain(token);
  });
});
