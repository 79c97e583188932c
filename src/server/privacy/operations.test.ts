/**
 * LGPD requests from the member to the owner (ADR 029): the request with its deadline in São
 * Paulo days, the admins e-mailed, the dashboard's count, and the completion — personal data
 * anonymised everywhere it lives (search index included), payments kept without the name, the
 * account closed, the member told — once, and refused when it must wait.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { refusal } from '../../../tests/refusal';
import { makeMember, type TestMember } from '../../../tests/member';
import { MSG } from '../../shared/messages';
import { ERASED_NAME, PRIVACY_MSG } from '../../shared/privacy-schemas';
import {
  activityLog,
  contactMessages,
  deletionRequests,
  outbox,
  paymentLinks,
  payments,
  sessions,
  subscribers,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';
import { ERASED_RECIPIENT } from '../messaging/outbox';
import { runOnce } from '../messaging/outbox-worker/delivery';
import { daysToDeadline, deletionDueAt } from './deletion-requests/deps';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let admin: { token: string; userId: string; email: string };
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const db = () => t.services.db;
const subscriberRow = (id: string) => db().select().from(subscribers).where(eq(subscribers.id, id)).get()!;
const requestOf = (subscriberId: string) =>
  db().select().from(deletionRequests).where(eq(deletionRequests.subscriberId, subscriberId)).get()!;

async function ask(member: TestMember, reason?: string) {
  return t.caller(member.token).member.requestDeletion(reason ? { reason } : {});
}

describe('the legal deadline, in São Paulo days', () => {
  it('ends with the 15th São Paulo calendar day after the day of the request', () => {
    // 23:30 in São Paulo on 21/11 (already the 22nd in UTC): the day of the request is the 21st.
    expect(deletionDueAt(new Date('2026-11-22T02:30:00Z')).toISOString()).toBe('2026-12-07T02:59:59.999Z');
    // 00:30 in São Paulo on 22/11.
    expect(deletionDueAt(new Date('2026-11-22T03:30:00Z')).toISOString()).toBe('2026-12-08T02:59:59.999Z');
    const due = deletionDueAt(new Date('2026-11-22T12:00:00Z'));
    expect(daysToDeadline(due, new Date('2026-11-22T12:00:00Z'))).toBe(15);
    // The last day counts as 0 until its last moment in São Paulo; then it is overdue.
    expect(daysToDeadline(due, new Date('2026-12-07T23:00:00Z'))).toBe(0);
    expect(daysToDeadline(due, new Date('2026-12-08T03:00:00Z'))).toBe(-1);
  });
});

describe('a member asks: the owner sees it', () => {
  it('opens one request with its deadline, e-mails every admin (naming nobody), counts it on the dashboard', async () => {
    const otherAdmin = await t.signIn('admin');
    const member = await makeMember(t, { name: 'Heloísa Pedido' });
    const first = await ask(member, 'Não uso mais');
    expect(first.message).toBe(
      'Pedido de exclusão registrado. O clube vai analisar e responder pelo seu email. Os registros de pagamento são mantidos por obrigação legal.',
    );
    const again = await ask(member);
    expect(again.message).toBe('Seu pedido de exclusão já foi registrado e está em análise.');
    expect(again.requestedAt).toBe(first.requestedAt);

    const api = t.caller(admin.token).privacy;
    const list = await api.deletionRequests();
    expect(list.requests).toHaveLength(1);
    expect(list.requests[0]).toMatchObject({
      status: 'open',
      requestedAt: t.clock.now().toISOString(),
      dueAt: deletionDueAt(t.clock.now()).toISOString(),
      daysLeft: 15,
      overdue: false,
      reason: 'Não uso mais',
      subscriber: { id: member.subscriberId, fullName: 'Heloísa Pedido', email: member.email },
      blocker: null,
    });
    expect(await api.deletionSummary()).toEqual({
      open: 1,
      overdue: 0,
      nextDueAt: deletionDueAt(t.clock.now()).toISOString(),
    });
    const portal = (await t.caller(member.token).member.overview()).subscription!;
    expect(portal).toMatchObject({
      deletionRequestedAt: first.requestedAt,
      deletionDueAt: deletionDueAt(t.clock.now()).toISOString(),
    });

    const mails = db().select().from(outbox).where(eq(outbox.template, 'lgpd_request')).all();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([admin.email, otherAdmin.email].sort());
    expect(mails[0]).toMatchObject({
      channel: 'email',
      subject: 'Novo pedido de exclusão de dados (LGPD) - Confraria Vinhos & Amigos',
    });
    expect(mails[0]!.body).toContain('Prazo legal para concluir o pedido: 07/12/2026 (15 dias).');
    expect(mails[0]!.body).toContain(`${t.env.publicUrl}/admin/lgpd`);
    expect(mails[0]!.body).not.toMatch(/Heloísa|membro\d/);

    const history = await t.caller(admin.token).subscribers.history({ id: member.subscriberId });
    expect(history.filter((row) => row.event === 'deletion_requested')).toHaveLength(1);
    const activity = await api.activity();
    expect(activity.entries[0]).toMatchObject({
      action: 'deletion_requested',
      label: 'Exclusão de dados solicitada (LGPD)',
      actorKind: 'member',
      actorName: 'Pessoa user',
      subscriber: { id: member.subscriberId, fullName: 'Heloísa Pedido' },
    });

    // Sixteen days later it is overdue, on the list and on the dashboard.
    t.clock.advance(16 * DAY);
    expect((await api.deletionRequests()).requests[0]).toMatchObject({ daysLeft: -1, overdue: true });
    expect(await api.deletionSummary()).toMatchObject({ open: 1, overdue: 1 });
  });

  it("the member's export of their own data is in the activity log", async () => {
    const member = await makeMember(t, { name: 'Jonas Exporta' });
    await t.caller(member.token).member.exportData();
    expect((await t.caller(admin.token).privacy.activity()).entries[0]).toMatchObject({
      action: 'data_exported',
      label: 'Dados exportados pelo confrade (LGPD)',
      actorKind: 'member',
      subscriber: { id: member.subscriberId, fullName: 'Jonas Exporta' },
    });
  });

  it("the back office's CSV exports are in the activity log, with who took them", async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    for (const url of ['/api/admin/payments/export.csv?status=failed', '/api/admin/subscribers/export.csv']) {
      expect((await t.request({ method: 'GET', url, headers })).statusCode).toBe(200);
    }
    const entries = (await t.caller(admin.token).privacy.activity()).entries;
    expect(entries.map((entry) => entry.label)).toEqual([
      'Assinantes exportados (CSV)',
      'Pagamentos exportados (CSV)',
    ]);
    expect(entries[1]).toMatchObject({ action: 'payments_exported', actorKind: 'admin' });
  });

  it('refuses a bad page or filter in Portuguese', async () => {
    const error = await refusal(t.caller(admin.token).privacy.deletionRequests({ status: 'x' as never }));
    expect(error.message).toContain('Status inválido');
    const page = await refusal(t.caller(admin.token).privacy.activity({ page: 0 }));
    expect(page.message).toContain('Página inválida');
  });
});

/** A member with history, messages, a contact message, an edited profile and a referral code. */
async function livedMember() {
  const member = await makeMember(t, { name: 'Otília Apagada' });
  db()
    .update(subscribers)
    .set({
      cpf: '52998224725',
      birthDate: '1980-05-04',
      street: 'Rua das Videiras',
      number: '12',
      city: 'Campinas',
      state: 'SP',
      zipCode: '13010000',
      profession: 'Enóloga',
      adminNotes: 'Prefere tintos',
      billingData: { name: 'Otília Apagada', email: member.email } as never,
    })
    .where(eq(subscribers.id, member.subscriberId))
    .run();
  db()
    .update(payments)
    .set({ billingData: { name: 'Otília Apagada', email: member.email, cpfCnpj: '52998224725' } as never })
    .where(eq(payments.subscriberId, member.subscriberId))
    .run();
  t.services.lifecycle.record({
    subscriberId: member.subscriberId,
    event: 'edited',
    actor: { kind: 'member', id: member.userId },
    reason: 'Otília pediu',
    details: { changes: { name: { from: 'Otilia', to: 'Otília Apagada' } } },
  });
  const phone = subscriberRow(member.subscriberId).phone;
  t.services.outbox.enqueue({
    channel: 'email',
    recipient: member.email,
    template: 'custom',
    vars: { subject: 'Olá Otília', message: 'Mensagem para Otília' },
  });
  t.services.outbox.enqueue({
    channel: 'whatsapp',
    recipient: phone,
    template: 'custom',
    vars: { message: 'Oi Otília' },
  });
  const contact = await t.request({
    method: 'POST',
    url: '/api/emails/contact',
    payload: { name: 'Otília Apagada', email: member.email, subject: 'Dúvida', message: 'Sou a Otília' },
  });
  expect(contact.statusCode).toBe(200);
  return { member, phone, code: subscriberRow(member.subscriberId).referralCode };
}

describe('the admin completes a request', () => {
  it('anonymises the record and the account, keeps payments without the name, tells the member', async () => {
    const { member, phone, code } = await livedMember();
    await ask(member, 'Otília não quer mais');
    const request = requestOf(member.subscriberId);
    const before = subscriberRow(member.subscriberId);
    const paymentsBefore = db().select().from(payments).where(eq(payments.subscriberId, before.id)).all();

    const done = await t.caller(admin.token).privacy.completeDeletion({ id: request.id });
    expect(done).toEqual({
      success: true,
      message: PRIVACY_MSG.completed,
      paymentsKept: paymentsBefore.length,
      accountClosed: true,
    });

    // The record: nothing personal left, unique e-mail kept unique, membership ended now.
    const after = subscriberRow(member.subscriberId);
    expect(after).toMatchObject({
      name: ERASED_NAME,
      email: `removido-${before.id}@anonimizado.invalid`,
      phone: '',
      cpf: null,
      birthDate: null,
      street: null,
      number: null,
      city: null,
      state: null,
      zipCode: null,
      profession: null,
      adminNotes: null,
      billingData: null,
      userId: null,
      status: 'cancelled',
      subscriptionEndDate: t.clock.now(),
    });
    expect(after.referralCode).not.toBe(code);
    const everything = JSON.stringify(db().all(sql`select * from subscribers s where s.id = ${before.id}`));
    expect(everything).not.toMatch(/Otília|Otilia|52998224725|Campinas|Videiras|membro\d/);

    // Payments kept for the law, the payer's name replaced.
    const paymentsAfter = db().select().from(payments).where(eq(payments.subscriberId, before.id)).all();
    expect(paymentsAfter.map((row) => [row.id, row.amount, row.status])).toEqual(
      paymentsBefore.map((row) => [row.id, row.amount, row.status]),
    );
    expect(paymentsAfter[0]!.billingData).toMatchObject({ name: ERASED_NAME, cpfCnpj: '' });

    // The search index follows (ADR 026): the old name, e-mail and phone find nothing.
    const admins = t.caller(admin.token);
    for (const term of ['Otília', member.email, phone]) {
      expect((await admins.subscribers.list({ search: term })).pagination.total, term).toBe(0);
      expect((await admins.payments.list({ search: term })).pagination.total, term).toBe(0);
    }
    expect((await admins.subscribers.list({ search: 'Titular removido' })).subscribers[0]).toMatchObject({
      id: before.id,
      fullName: ERASED_NAME,
    });

    // History: what happened stays, the values go.
    const history = await admins.subscribers.history({ id: before.id });
    expect(JSON.stringify(history)).not.toMatch(/Otília|Otilia/);
    expect(history.at(-1)).toMatchObject({ event: 'data_erased', label: 'Dados pessoais excluídos (LGPD)' });
    expect(history.find((row) => row.event === 'edited')?.details).toEqual({
      changes: { name: { from: '***', to: '***' } },
    });

    // The account is gone: no session, no sign-in.
    expect(db().select().from(users).where(eq(users.id, member.userId)).get()).toBeUndefined();
    expect(db().select().from(sessions).where(eq(sessions.userId, member.userId)).all()).toEqual([]);
    const stale = await t.request({
      method: 'GET',
      url: '/api/user/referrals',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(stale.statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'segredo123' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: MSG.invalidCredentials });

    // Messages: the old ones lost text and address; the contact message too.
    const old = db()
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'custom'))
      .all()
      .map((row) => [row.recipient, row.body]);
    expect(old).toEqual([
      [ERASED_RECIPIENT, '[removido (LGPD)]'],
      [ERASED_RECIPIENT, '[removido (LGPD)]'],
    ]);
    expect(JSON.stringify(db().select().from(contactMessages).all())).not.toMatch(/Otília|membro\d/);
    expect(JSON.stringify(db().select().from(outbox).all())).not.toMatch(/Otília|Sou a Otília/);

    // The member told at the address on file; once delivered the outbox forgets the address.
    const farewell = db().select().from(outbox).where(eq(outbox.template, 'lgpd_erased')).get()!;
    expect(farewell).toMatchObject({
      channel: 'email',
      recipient: member.email,
      subject: 'Seus dados foram excluídos - Confraria Vinhos & Amigos',
    });
    expect(farewell.body).toContain(
      'Concluímos o seu pedido de exclusão de dados pessoais (LGPD), feito em 22/11/2026.',
    );
    expect(farewell.body).toContain('sem reembolso do período restante');
    await runOnce(t.services.outboxWorker);
    expect(db().select().from(outbox).where(eq(outbox.id, farewell.id)).get()).toMatchObject({
      status: 'sent',
      recipient: ERASED_RECIPIENT,
    });

    // The request: completed, by whom, its free text gone; the log says so.
    const closed = (await admins.privacy.deletionRequests({ status: 'completed' })).requests[0];
    expect(closed).toMatchObject({
      id: request.id,
      status: 'completed',
      reason: null,
      completedAt: t.clock.now().toISOString(),
      completedBy: { id: admin.userId, name: 'Pessoa admin' },
      subscriber: { fullName: ERASED_NAME },
    });
    expect((await admins.privacy.deletionSummary()).open).toBe(0);
    const log = await admins.privacy.activity();
    expect(log.entries[0]).toMatchObject({
      action: 'deletion_completed',
      label: 'Exclusão de dados concluída (LGPD)',
      actorKind: 'admin',
      actorName: 'Pessoa admin',
      subscriber: { id: before.id, fullName: ERASED_NAME },
    });
    expect(JSON.stringify(db().select().from(activityLog).all())).not.toMatch(/Otília|membro\d/);

    // The e-mail is free again: the person may come back as someone new.
    const comeback = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Otília de Volta', email: member.email, password: 'Taca-Rubi-Adega' },
    });
    expect(comeback.statusCode).toBe(201);
  });

  it('works once: a second completion (or two at once) is refused and changes nothing', async () => {
    const member = await makeMember(t);
    await ask(member);
    const { id } = requestOf(member.subscriberId);
    const api = t.caller(admin.token).privacy;
    const results = await Promise.allSettled([api.completeDeletion({ id }), api.completeDeletion({ id })]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const again = await refusal(api.completeDeletion({ id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: 'Este pedido de exclusão já foi concluído.' });
    expect(db().select().from(outbox).where(eq(outbox.template, 'lgpd_erased')).all()).toHaveLength(1);
    const missing = await refusal(api.completeDeletion({ id: 'nao-existe' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'Pedido de exclusão não encontrado' });
  });

  it('an open payment link does not hold it up: the erasure voids it and completes', async () => {
    const member = await makeMember(t);
    const link = await t.caller(member.token).member.renew();
    await ask(member);
    const { id } = requestOf(member.subscriberId);
    const api = t.caller(admin.token).privacy;
    expect((await api.deletionRequests()).requests[0]!.blocker).toBeNull();
    await api.completeDeletion({ id });
    expect(db().select().from(paymentLinks).where(eq(paymentLinks.id, link.id)).get()).toMatchObject({
      status: 'cancelled',
      customerName: ERASED_NAME,
      customerEmail: `removido-${member.subscriberId}@anonimizado.invalid`,
    });
  });

  it("refuses an admin's own account (the owner must not lock the club out by accident)", async () => {
    const member = await makeMember(t);
    await ask(member);
    db().update(users).set({ role: 'admin' }).where(eq(users.id, member.userId)).run();
    const { id } = requestOf(member.subscriberId);
    const refused = await refusal(t.caller(admin.token).privacy.completeDeletion({ id }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: PRIVACY_MSG.adminAccount });
    expect(requestOf(member.subscriberId).status).toBe('open');
  });

  it('a request made before this table existed (a history line) is carried over as an open request', () => {
    const subscriberId = newId();
    // 22:00 in São Paulo on 19/11: already the 20th in UTC.
    const at = new Date('2026-11-20T01:00:00Z');
    db()
      .insert(subscribers)
      .values({
        id: subscriberId,
        name: 'Antiga',
        email: `${subscriberId}@teste.com.br`,
        referralCode: 'ANTIGA22',
      })
      .run();
    t.services.lifecycle.record({
      subscriberId,
      event: 'deletion_requested',
      actor: { kind: 'member', id: 'u1' },
    });
    db().run(
      sql`update subscriber_activity set created_at = ${at.getTime()} where subscriber_id = ${subscriberId}`,
    );
    // The backfill migration, run again on the line written the old way (and a second time: no duplicate).
    const backfill = fs.readFileSync(
      path.join(t.env.MIGRATIONS_DIR, '0015_lgpd_requests_backfill.sql'),
      'utf8',
    );
    t.database.sqlite.exec(backfill);
    t.database.sqlite.exec(backfill);
    const carried = db()
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.subscriberId, subscriberId))
      .all();
    expect(carried).toHaveLength(1);
    expect(carried[0]).toMatchObject({ status: 'open', requestedAt: at, dueAt: deletionDueAt(at) });
  });
});
