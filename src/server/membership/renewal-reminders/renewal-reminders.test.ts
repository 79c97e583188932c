/**
 * The scheduled jobs (docs/product/decisions.md §3.4–3.5): renewal reminders at 30 and 7 days left, each carrying
 * the member's renewal link, at most once per threshold and period — across runs and restarts —
 * and the daily expiry pass through the status machine.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/format';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { approve, createLink, rows } from '../../../../tests/checkout';
import { databaseFile, openDatabase } from '../../db/client';
import { outbox, paymentLinks, subscribers } from '../../db/schema';
import { isSendingHour, runScheduledJobs } from '../../jobs';
import { createServices } from '../../services';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { runDue } from './remind';

let t: TestApp;
useTestApp((app) => (t = app));

/** An approved, active member whose period ends in `days` days. */
async function member(email: string, days: number, phone = '11987654321') {
  await createLink(t, { customerEmail: email });
  const subscriber = rows(t).subscriberByEmail(email)!;
  approve(t, subscriber.id, new Date(t.clock.now().getTime() + days * DAY_MS));
  // What a confirmed payment would have stored from the checkout's form.
  t.services.db.update(subscribers).set({ phone }).where(eq(subscribers.id, subscriber.id)).run();
  return subscriber.id;
}

const renewalMessages = () => t.services.db.select().from(outbox).where(eq(outbox.template, 'renewal')).all();

const automation = (on: boolean) => t.services.settings.update({ renewalAutomation: on });

describe('renewal reminders (the daily job)', () => {
  it('sends the renewal link by e-mail and WhatsApp once, however many times the job runs', async () => {
    automation(true);
    const id = await member('ana@teste.com.br', 25);

    const first = await runScheduledJobs(t.services);
    expect(first.reminders).toEqual({ sent: 1, failed: 0 });
    const sent = renewalMessages();
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual(
      expect.arrayContaining([
        ['email', 'ana@teste.com.br'],
        ['whatsapp', '11987654321'],
      ]),
    );
    expect(sent).toHaveLength(2);
    const link = t.services.db.select().from(paymentLinks).where(eq(paymentLinks.planType, 'renewal')).get()!;
    expect(link).toMatchObject({ subscriberId: id, amount: 89700, status: 'pending' });
    for (const message of sent) {
      expect(message.body).toContain(link.url);
      expect(message.body).toContain(formatMoney(89700));
    }

    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(3 * 3600 * 1000);
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 0, failed: 0 });
    expect(renewalMessages()).toHaveLength(2);
  });

  it('sends nothing again after a restart (the progress is in the database)', async () => {
    automation(true);
    await member('bia@teste.com.br', 20);
    expect((await runDue(t.services.renewalReminders)).sent).toBe(1);

    // A new process: another connection to the same file, services built from scratch.
    const reopened = openDatabase(databaseFile(t.dataDir), t.env.MIGRATIONS_DIR);
    try {
      const restarted = createServices({ db: reopened.db, env: t.env, log: t.services.log, clock: t.clock });
      expect(await runScheduledJobs(restarted)).toMatchObject({ reminders: { sent: 0, failed: 0 } });
    } finally {
      reopened.close();
    }
    expect(renewalMessages()).toHaveLength(2);
  });

  it('reminds again at 7 days left, once, and only the nearer threshold for a late starter', async () => {
    automation(true);
    await member('caio@teste.com.br', 30);
    await member('duda@teste.com.br', 5);

    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 2, failed: 0 });
    expect(renewalMessages()).toHaveLength(4);

    t.clock.advance(10 * DAY_MS); // caio: 20 days left, still past 30 only
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(13 * DAY_MS + 3600 * 1000); // caio: under 7 days left
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 1, failed: 0 });
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 0, failed: 0 });
    expect(renewalMessages().filter((m) => m.recipient === 'caio@teste.com.br')).toHaveLength(2);
    expect(renewalMessages().filter((m) => m.recipient === 'duda@teste.com.br')).toHaveLength(1);
  });

  it('reminds a renewed period again (the period end is part of the key)', async () => {
    automation(true);
    const id = await member('edu@teste.com.br', 10);
    await runScheduledJobs(t.services);
    // Renewed: a new end date a year later, then that period nears its end.
    const nextEnd = new Date(t.clock.now().getTime() + 375 * DAY_MS);
    t.services.db
      .update(subscribers)
      .set({ subscriptionEndDate: nextEnd })
      .where(eq(subscribers.id, id))
      .run();
    t.clock.set(new Date(nextEnd.getTime() - 29 * DAY_MS));
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 1, failed: 0 });
  });

  it('sends nothing while automatic reminders are off, nor to members not approved or cancelling', async () => {
    await member('fabi@teste.com.br', 15);
    expect((await runScheduledJobs(t.services)).reminders).toBeNull();

    automation(true);
    await createLink(t, { customerEmail: 'gil@teste.com.br' }); // never approved
    const cancelling = await member('hugo@teste.com.br', 12);
    t.services.lifecycle.requestCancellation(cancelling, { kind: 'system' });
    expect((await runScheduledJobs(t.services)).reminders).toEqual({ sent: 1, failed: 0 });
    expect(new Set(renewalMessages().map((m) => m.recipient))).toEqual(
      new Set(['fabi@teste.com.br', '11987654321']),
    );
  });

  it('writes the reminder in the member’s history', async () => {
    automation(true);
    const id = await member('iris@teste.com.br', 28);
    await runScheduledJobs(t.services);
    expect(t.services.lifecycle.history(id).map((entry) => [entry.event, entry.actorKind])).toContainEqual([
      'renewal_reminder_sent',
      'system',
    ]);
  });

  it('sends automatic reminders only during the day in Brazil', () => {
    expect(isSendingHour(new Date('2026-11-22T12:00:00Z'))).toBe(true); // 9h in São Paulo
    expect(isSendingHour(new Date('2026-11-22T23:59:00Z'))).toBe(true); // 20h59
    expect(isSendingHour(new Date('2026-11-23T06:00:00Z'))).toBe(false); // 3h
  });
});

describe('the expiry pass (daily)', () => {
  it('expires ended periods and completes cancellations through the status machine, once', async () => {
    const ended = await member('joao@teste.com.br', 2);
    const cancelling = await member('kati@teste.com.br', 2);
    const running = await member('lia@teste.com.br', 40);
    t.services.lifecycle.requestCancellation(cancelling, { kind: 'member', id: 'x' });
    t.clock.advance(3 * DAY_MS);

    expect(await runScheduledJobs(t.services)).toMatchObject({ expiredMembers: 1, cancelledMembers: 1 });
    const status = (id: string) =>
      t.services.db.select().from(subscribers).where(eq(subscribers.id, id)).get()?.status;
    expect([status(ended), status(cancelling), status(running)]).toEqual(['expired', 'cancelled', 'active']);
    expect(t.services.lifecycle.history(ended).at(-1)).toMatchObject({
      event: 'period_ended',
      fromStatus: 'active',
      toStatus: 'expired',
      actorKind: 'system',
    });
    expect(await runScheduledJobs(t.services)).toMatchObject({ expiredMembers: 0, cancelledMembers: 0 });
  });
});
