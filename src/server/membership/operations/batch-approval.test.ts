/**
 * Bulk approval from the pending list (ADR 046): each record is approved by the one approval and
 * its identity rules (ADR 027), each row answers for itself, a second call sends nothing twice,
 * the batch is bounded, rate-limited per call and written to the activity log.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { createLink, rows, sandboxPay } from '../../../../tests/checkout';
import { APPROVAL_MSG } from '../../../shared/identity-schemas';
import { MSG } from '../../../shared/messages';
import { activityLog, outbox, users } from '../../db/schema';
import { failure } from '../../../../tests/refusal';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

async function paidPending(email: string, name: string) {
  const link = await createLink(t, { customerEmail: email, customerName: name });
  await sandboxPay(t, link.id, 'paid', 'pix');
  const subscriber = rows(t).subscriberByEmail(email);
  if (subscriber?.status !== 'pending') throw new Error('a paid record awaiting approval expected');
  return subscriber;
}

const messagesTo = (recipient: string) =>
  t.services.db.select().from(outbox).where(eq(outbox.recipient, recipient)).all();

describe('subscribers.approveMany', () => {
  it('approves each record by the identity rules and says what happened to each; a retry sends nothing twice', async () => {
    const ana = await paidPending('ana.lote@exemplo.com.br', 'Ana Lote');
    const bruno = await paidPending('bruno.lote@exemplo.com.br', 'Bruno Lote');
    // A checkout that named the admin's own e-mail: never approved, whoever asks and however.
    const adminEmail = t.services.db.select().from(users).where(eq(users.id, admin.userId)).get()!.email;
    const intruder = await paidPending(adminEmail, 'Intruso Lote');
    const adminMessagesBefore = messagesTo(adminEmail).length;

    const caller = t.caller(admin.token).subscribers;
    const answer = await caller.approveMany({ ids: [ana.id, intruder.id, bruno.id, 'nao-existe', ana.id] });
    expect(answer).toMatchObject({
      approved: 2,
      refused: 2,
      message: '2 cadastro(s) aprovado(s), 2 não aprovado(s): veja o motivo de cada um.',
    });
    expect(answer.results).toEqual([
      { id: ana.id, name: 'Ana Lote', ok: true, message: APPROVAL_MSG.approvedNewAccount },
      { id: intruder.id, name: 'Intruso Lote', ok: false, message: APPROVAL_MSG.adminEmail },
      { id: bruno.id, name: 'Bruno Lote', ok: true, message: APPROVAL_MSG.approvedNewAccount },
      { id: 'nao-existe', name: null, ok: false, message: 'Assinante não encontrado' },
    ]);
    expect(rows(t).subscriberByEmail(ana.email)).toMatchObject({
      status: 'active',
      approvedBy: admin.userId,
    });
    expect(rows(t).subscriberByEmail(adminEmail)).toMatchObject({ status: 'pending', approvedBy: null });
    // The new account's set-password link went to its own e-mail once; the admin got nothing.
    const welcomes = () => messagesTo(ana.email).filter((message) => message.template === 'welcome');
    expect(welcomes()).toHaveLength(1);
    expect(messagesTo(adminEmail)).toHaveLength(adminMessagesBefore);

    const afterFirst = messagesTo(ana.email).length;
    // A double click or a retry: every row is already approved, nothing is queued again.
    const again = await caller.approveMany({ ids: [ana.id, bruno.id] });
    expect(again.results.map((row) => row.message)).toEqual([
      'Este cadastro já foi aprovado.',
      'Este cadastro já foi aprovado.',
    ]);
    expect(messagesTo(ana.email)).toHaveLength(afterFirst);
    expect(welcomes()).toHaveLength(1);

    const log = t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'subscribers_approved'))
      .all();
    expect(log.map((entry) => entry.details)).toEqual([
      { approved: 2, refused: 2, ids: [ana.id, bruno.id] },
      { approved: 0, refused: 2, ids: [] },
    ]);
  });

  it('two batches at once (a double click) approve each record once', async () => {
    const ana = await paidPending('ana.dupla@exemplo.com.br', 'Ana Dupla');
    const bruno = await paidPending('bruno.dupla@exemplo.com.br', 'Bruno Dupla');
    const caller = t.caller(admin.token).subscribers;
    const answers = await Promise.all([
      caller.approveMany({ ids: [ana.id, bruno.id] }),
      caller.approveMany({ ids: [ana.id, bruno.id] }),
    ]);
    expect(answers.map((answer) => answer.approved)).toEqual([2, 0]);
    for (const email of [ana.email, bruno.email]) {
      expect(messagesTo(email).filter((message) => message.template === 'welcome')).toHaveLength(1);
    }
  });

  it('refuses an empty batch and more than 50 records, in Portuguese, before touching any', async () => {
    const caller = t.caller(admin.token).subscribers;
    expect(await failure(caller.approveMany({ ids: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Selecione ao menos um cadastro.',
    });
    const ids = Array.from({ length: 51 }, (_, index) => `id-${index}`);
    expect(await failure(caller.approveMany({ ids }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'No máximo 50 por vez: selecione menos e repita.',
    });
  });

  it('is counted per call: the eleventh batch of a minute is refused with 429', async () => {
    const caller = t.caller(admin.token).subscribers;
    for (let i = 0; i < 10; i++) await caller.approveMany({ ids: ['nao-existe'] });
    const limited = await failure(caller.approveMany({ ids: ['nao-existe'] }));
    expect(limited).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
  });

  it('is refused to members', async () => {
    const member = await t.signIn('user');
    expect((await failure(t.caller(member.token).subscribers.approveMany({ ids: ['x'] }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
