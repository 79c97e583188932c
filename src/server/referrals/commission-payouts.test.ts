/**
 * Commissions paid in one batch (ADR 046): the member's PIX key for commissions (current password,
 * read like the club's key, told on the proven e-mail, seen by the admin on the record), the
 * batch's list by referrer with those without a key apart, the payment (the amounts marked paid,
 * one date, nothing paid twice on a replay or a race with a single payout) and the bank file's
 * bytes.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp, type TestApp } from '../../../tests/app';
import { rows } from '../../../tests/checkout';
import { addReferral, makeMember, type TestMember } from '../../../tests/member';
import { failure } from '../../../tests/refusal';
import { activityLog, commissionPayouts, outbox, referrals, subscribers } from '../db/schema';

let t: TestApp;
useTestApp((app) => (t = app));

async function withKey(member: TestMember, pixKey: string, pixKeyType?: 'phone' | 'cpf') {
  return t.caller(member.token).referrals.savePixKey({ pixKey, pixKeyType, currentPassword: 'segredo123' });
}

/** The key saved over REST (PUT /api/user/referrals/pix-key) with the account's password. */
const putKeyOverRest = (token: string, pixKey: string) =>
  t.request({
    method: 'PUT',
    url: '/api/user/referrals/pix-key',
    headers: bearer(token),
    payload: { pixKey, currentPassword: 'segredo123' },
  });

const rowOf = (id: string) => t.services.db.select().from(referrals).where(eq(referrals.id, id)).get()!;

describe("the member's PIX key for commissions", () => {
  it('asks for the current password, reads the key like the club key, stores it with its type and tells the proven e-mail', async () => {
    const member = await makeMember(t, { name: 'Ana Pix' });
    const caller = t.caller(member.token);

    const wrong = await failure(
      caller.referrals.savePixKey({ pixKey: 'ana@exemplo.com.br', currentPassword: 'errada123' }),
    );
    expect(wrong).toEqual({ code: 'BAD_REQUEST', message: 'Senha atual incorreta' });
    const ambiguous = await failure(withKey(member, '11 91008-6304'));
    expect(ambiguous.message).toBe(
      'Esta chave pode ser um CPF ou um celular: escolha qual das duas é a sua chave PIX',
    );
    const invalid = await failure(withKey(member, '123.456.789-00'));
    expect(invalid.message).toBe('Chave PIX inválida: CPF inválido');
    expect((await caller.referrals.myPixKey()).payoutPixKey).toBeNull();
    expect(t.services.db.select().from(outbox).all()).toEqual([]);

    const saved = await withKey(member, '11 91008-6304', 'phone');
    expect(saved.message).toBe('Chave PIX salva. Suas próximas comissões serão pagas nela.');
    expect(saved.payoutPixKey).toMatchObject({
      key: '+5511910086304',
      type: 'phone',
      label: 'Telefone +55 11 91008-6304',
    });
    const record = rows(t).subscriber(member.subscriberId)!;
    expect([record.payoutPixKey, record.payoutPixKeyType]).toEqual(['+5511910086304', 'phone']);
    const notices = t.services.db.select().from(outbox).all();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      channel: 'email',
      recipient: member.email,
      template: 'account_security',
    });
    expect(notices[0]!.body).toContain('A chave PIX para receber suas comissões de indicação foi alterada');
    expect(notices[0]!.body).not.toContain('91008');

    // The admin sees it on the record; over REST the member reads and removes it.
    const admin = await t.signIn('admin');
    const access = await t.caller(admin.token).subscribers.access({ id: member.subscriberId });
    expect(access.payoutPixKey?.label).toBe('Telefone +55 11 91008-6304');
    const read = await t.request({
      method: 'GET',
      url: '/api/user/referrals/pix-key',
      headers: bearer(member.token),
    });
    expect(read.json().payoutPixKey.key).toBe('+5511910086304');
    const removed = await putKeyOverRest(member.token, '');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ payoutPixKey: null });
    expect(t.services.db.select().from(outbox).all()).toHaveLength(2);
  });

  it('is the member’s own: an admin cannot set one and nobody reads another’s', async () => {
    const admin = await t.signIn('admin');
    const res = await putKeyOverRest(admin.token, 'dona@exemplo.com.br');
    expect(res.statusCode).toBe(403);
  });
});

/** Ana (2 due + 1 pending), Bruno (1 due) with keys; Carla (1 due) without; 1 already paid. */
async function club() {
  const ana = await makeMember(t, { name: 'Ana Conceição' });
  const bruno = await makeMember(t, { name: 'Bruno Lima' });
  const carla = await makeMember(t, { name: 'Carla Sem Chave' });
  t.services.db
    .update(subscribers)
    .set({ cpf: '52998224725' })
    .where(eq(subscribers.id, ana.subscriberId))
    .run();
  await withKey(ana, 'Ana.Pix@Exemplo.com.br');
  await withKey(bruno, '11910086304', 'phone');
  // One second apart: the preview lists referrers by their oldest commission, and equal times
  // would leave the order to the random ids.
  const confirmedInOrder = (member: TestMember, amount: number) => {
    t.clock.advance(1000);
    return addReferral(t, member, 'confirmed', amount);
  };
  const due = {
    ana1: confirmedInOrder(ana, 14970),
    ana2: confirmedInOrder(ana, 8970),
    bruno: confirmedInOrder(bruno, 14970),
    carla: confirmedInOrder(carla, 14970),
  };
  const pending = addReferral(t, ana, 'pending', 14970);
  const paid = addReferral(t, bruno, 'paid', 14970);
  const admin = await t.signIn('admin');
  return { ana, bruno, carla, due, pending, paid, admin };
}

describe('commissions paid in one batch', () => {
  it('lists the commissions due by referrer with the key, those without a key apart, and pays each with the same date', async () => {
    const { due, pending, paid, admin } = await club();
    const caller = t.caller(admin.token);
    const { preview } = await caller.referrals.payoutPreview();
    expect(preview.count).toBe(3);
    expect(preview.total).toBe(14970 + 8970 + 14970);
    expect(preview.remaining).toBe(0);
    expect(
      preview.payable.map((group) => [group.name, group.count, group.amount, group.pixKey?.label]),
    ).toEqual([
      ['Ana Conceição', 2, 23940, 'E-mail ana.pix@exemplo.com.br'],
      ['Bruno Lima', 1, 14970, 'Telefone +55 11 91008-6304'],
    ]);
    expect(preview.withoutKey.map((group) => [group.name, group.count, group.amount, group.pixKey])).toEqual([
      ['Carla Sem Chave', 1, 14970, null],
    ]);

    t.clock.advance(60_000);
    const ids = preview.payable.flatMap((group) => group.referralIds);
    const done = await caller.referrals.payBatch({
      idempotencyKey: 'lote-0001',
      referralIds: ids,
      total: 38910,
    });
    expect(done).toMatchObject({
      replayed: false,
      count: 3,
      referrers: 2,
      total: 38910,
      message: '3 comissões marcadas como pagas (R$\u00a0389,10).',
    });
    const paidAt = t.clock.now().getTime();
    for (const id of [due.ana1.id, due.ana2.id, due.bruno.id]) {
      expect(rowOf(id)).toMatchObject({ status: 'paid', paidBy: admin.userId, payoutId: done.payoutId });
      expect(rowOf(id).paidAt?.getTime()).toBe(paidAt);
    }
    expect(rowOf(due.ana1.id).payoutPixKey).toBe('ana.pix@exemplo.com.br');
    expect(rowOf(due.bruno.id)).toMatchObject({ payoutPixKey: '+5511910086304', payoutPixKeyType: 'phone' });
    // Untouched: the commission without a key, the pending one, the one paid before.
    expect(rowOf(due.carla.id).status).toBe('confirmed');
    expect(rowOf(pending.id).status).toBe('pending');
    expect(rowOf(paid.id).payoutId).toBeNull();
    // Audited once, with the counts.
    const logged = t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'commissions_paid'))
      .all();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ count: 3, referrers: 2, total: 38910 });
    // The programme's totals moved by exactly the batch.
    const list = await caller.referrals.list({ status: 'all', search: '', page: 1, limit: 20 });
    expect(list.totals.paid).toEqual({ count: 4, amount: 14970 + 38910 });
    expect(list.totals.confirmed).toEqual({ count: 1, amount: 14970 });
  });

  it('pays nothing again on a double click or a retry, nor under another key', async () => {
    const { admin } = await club();
    const caller = t.caller(admin.token);
    const { preview } = await caller.referrals.payoutPreview();
    const input = {
      idempotencyKey: 'lote-duplo-clique',
      referralIds: preview.payable.flatMap((group) => group.referralIds),
      total: preview.total,
    };
    const [first, second] = await Promise.all([
      caller.referrals.payBatch(input),
      caller.referrals.payBatch(input),
    ]);
    const paidAt = first.paidAt;
    t.clock.advance(3_600_000);
    const retry = await t.request({
      method: 'POST',
      url: '/api/admin/referrals/payouts',
      headers: bearer(admin.token),
      payload: input,
    });
    expect(retry.statusCode).toBe(200);
    for (const again of [second, retry.json()]) {
      expect(again).toMatchObject({
        replayed: true,
        payoutId: first.payoutId,
        paidAt,
        message: 'Este lote já tinha sido pago: nenhuma comissão foi paga de novo.',
      });
    }
    expect(t.services.db.select().from(commissionPayouts).all()).toHaveLength(1);
    const other = await failure(caller.referrals.payBatch({ ...input, idempotencyKey: 'outra-chave-123' }));
    expect(other).toEqual({
      code: 'CONFLICT',
      message:
        'As comissões deste lote mudaram desde que a lista foi aberta (alguma foi paga, cancelada ou ficou sem chave PIX): nada foi pago. Confira a lista e confirme de novo.',
    });
    const paidRows = t.services.db.select().from(referrals).where(eq(referrals.status, 'paid')).all();
    expect(paidRows.filter((row) => row.payoutId === first.payoutId)).toHaveLength(3);
    expect(paidRows.every((row) => row.payoutId === null || row.paidAt!.toISOString() === paidAt)).toBe(true);
  });

  it('races a single "Marcar como pago": whichever comes second pays nothing', async () => {
    const { due, admin } = await club();
    const caller = t.caller(admin.token);
    const { preview } = await caller.referrals.payoutPreview();
    const ids = preview.payable.flatMap((group) => group.referralIds);

    // The single payout first: the batch that still names it is refused whole.
    await caller.referrals.markPaid({ id: due.bruno.id });
    const refused = await failure(
      caller.referrals.payBatch({ idempotencyKey: 'lote-corrida', referralIds: ids, total: preview.total }),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(rowOf(due.ana1.id).status).toBe('confirmed');
    expect(rowOf(due.ana2.id).status).toBe('confirmed');
    expect(rowOf(due.bruno.id).payoutId).toBeNull();

    // The batch first: the single payout of one of its commissions is refused.
    const fresh = (await caller.referrals.payoutPreview()).preview;
    expect(fresh.total).toBe(23940);
    const done = await caller.referrals.payBatch({
      idempotencyKey: 'lote-corrida-2',
      referralIds: fresh.payable.flatMap((group) => group.referralIds),
      total: fresh.total,
    });
    expect(done.count).toBe(2);
    expect(await failure(caller.referrals.markPaid({ id: due.ana1.id }))).toEqual({
      code: 'CONFLICT',
      message: 'Apenas comissões confirmadas podem ser pagas',
    });
    expect(rowOf(due.ana1.id).payoutId).toBe(done.payoutId);
  });

  it('refuses a total that no longer matches, a commission without a key, too many, and non-admins; nothing is paid', async () => {
    const { due, ana, admin } = await club();
    const caller = t.caller(admin.token);
    const ids = [due.ana1.id, due.ana2.id];
    expect(
      (await failure(caller.referrals.payBatch({ idempotencyKey: 'lote-total', referralIds: ids, total: 1 })))
        .code,
    ).toBe('CONFLICT');
    const withCarla = [...ids, due.carla.id];
    const noKey = await failure(
      caller.referrals.payBatch({ idempotencyKey: 'lote-carla', referralIds: withCarla, total: 38910 }),
    );
    expect(noKey.code).toBe('CONFLICT');
    const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    expect(
      await failure(
        caller.referrals.payBatch({ idempotencyKey: 'lote-grande', referralIds: tooMany, total: 1 }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'No máximo 100 comissões por lote.',
    });
    const asMember = await t.request({
      method: 'POST',
      url: '/api/admin/referrals/payouts',
      headers: bearer(ana.token),
      payload: { idempotencyKey: 'lote-membro', referralIds: ids, total: 23940 },
    });
    expect(asMember.statusCode).toBe(403);
    const preview = await t.request({
      method: 'GET',
      url: '/api/admin/referrals/payouts/preview',
      headers: bearer(ana.token),
    });
    expect(preview.statusCode).toBe(403);
    // A key removed after the list was opened: the batch naming her commissions pays nothing.
    await withKey(ana, '');
    expect(
      (
        await failure(
          caller.referrals.payBatch({ idempotencyKey: 'lote-sem-chave', referralIds: ids, total: 23940 }),
        )
      ).code,
    ).toBe('CONFLICT');
    expect(
      t.services.db
        .select()
        .from(referrals)
        .where(and(eq(referrals.status, 'paid')))
        .all(),
    ).toHaveLength(1);
    expect(t.services.db.select().from(commissionPayouts).all()).toEqual([]);
  });

  it('hands the bank a CSV: one line per referrer, masked CPF, the key paid to, decimal comma, São Paulo date in the name', async () => {
    const { ana, admin } = await club();
    // 01:30 UTC of the next day: still the day before in São Paulo.
    const today = t.clock.now().toISOString().slice(0, 10);
    t.clock.set(new Date(new Date(`${today}T01:30:00.000Z`).getTime() + 24 * 3600 * 1000));
    const token = (await t.signIn('admin')).token;
    void admin;
    const caller = t.caller(token);
    const { preview } = await caller.referrals.payoutPreview();
    const done = await caller.referrals.payBatch({
      idempotencyKey: 'lote-banco',
      referralIds: preview.payable.flatMap((group) => group.referralIds),
      total: preview.total,
    });
    expect(done.csvUrl).toBe(`/api/admin/referrals/payouts/${done.payoutId}/export.csv`);
    // The member changes the key afterwards: the file keeps the key this batch paid to.
    await withKey(ana, 'ana.nova@exemplo.com.br');

    const res = await t.request({ method: 'GET', url: done.csvUrl, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=comissoes-pix-${today}.csv`);
    const [y, m, d] = today.split('-');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.toString('utf8')).toBe(
      '\ufeffnome;cpf;chave_pix;tipo_chave;valor;comissoes;pago_em\n' +
        `Ana Conceição;529.***.***-25;ana.pix@exemplo.com.br;E-mail;239,40;2;${d}/${m}/${y}\n` +
        `Bruno Lima;;+5511910086304;Telefone;149,70;1;${d}/${m}/${y}\n`,
    );
    const exported = t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'commission_payout_exported'))
      .all();
    expect(exported).toHaveLength(1);

    const missing = await t.request({
      method: 'GET',
      url: '/api/admin/referrals/payouts/nope/export.csv',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Lote de pagamento não encontrado' });
    const asMember = await t.request({ method: 'GET', url: done.csvUrl, headers: bearer(ana.token) });
    expect(asMember.statusCode).toBe(403);
  });
});
