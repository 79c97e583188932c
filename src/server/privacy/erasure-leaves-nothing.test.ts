/**
 * An erasure leaves nothing behind (ADR 029): after a member asked for a new sign-in address
 * ("Confirme seu novo email" went to it with her name) and the admin completed her LGPD request,
 * no table holds her name or either address, the pending change is gone and cannot be confirmed,
 * the changes a paid checkout proposed for her record are gone,
 * and the history keeps what happened without the values.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { addReferral, makeMember } from '../../../tests/member';
import { emailChanges, proposedChanges, referrals, subscriberActivity } from '../db/schema';
import { runOnce } from '../messaging/outbox-worker/delivery';

let t: TestApp;
useTestApp((app) => (t = app));

const NAME = 'Otília Esquecida';
const NEW_ADDRESS = 'otilia.nova@exemplo.com.br';
/** What a paid checkout proposed for her record (ADR 027): personal data too. */
const PROPOSED_STREET = 'Rua Proposta Pelo Pagamento';
const PROPOSED_PHONE = '31955554444';

/** Every row of every table, as text, that mentions `needle` (case-insensitive). */
function tablesMentioning(needle: string): string[] {
  const tables = t.services.db
    .all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%search_%' and name not like '__drizzle%'`,
    )
    .map((row) => row.name);
  const found: string[] = [];
  for (const table of tables) {
    const rows = t.services.db.all<Record<string, unknown>>(sql.raw(`select * from "${table}"`));
    for (const row of rows) {
      if (JSON.stringify(row).toLowerCase().includes(needle.toLowerCase())) found.push(table);
    }
  }
  return [...new Set(found)];
}

async function trpc(token: string, procedure: string, input: unknown) {
  const res = await t.request({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(input),
  });
  return res;
}

describe('an erasure leaves nothing behind', () => {
  it('outbox bodies and addresses, history details and the pending e-mail change are all gone', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t, { name: NAME });
    const change = await trpc(member.token, 'member.changeEmail', {
      email: NEW_ADDRESS,
      currentPassword: 'segredo123',
    });
    expect(change.statusCode).toBe(200);
    await runOnce(t.services.outboxWorker);
    t.services.db
      .insert(proposedChanges)
      .values({
        subscriberId: member.subscriberId,
        paymentId: 'pagamento-do-checkout',
        fields: { name: `${NAME} Proposta`, street: PROPOSED_STREET, phone: PROPOSED_PHONE },
      })
      .run();
    // Before: the new address got her name, the history names the address, a proposal waits.
    expect(tablesMentioning(NEW_ADDRESS)).toEqual(expect.arrayContaining(['outbox', 'email_changes']));
    expect(tablesMentioning(PROPOSED_STREET)).toEqual(['proposed_changes']);
    const pending = t.services.db.select().from(emailChanges).all()[0]!;
    expect(pending.newEmail).toBe(NEW_ADDRESS);

    expect((await trpc(member.token, 'member.requestDeletion', {})).statusCode).toBe(200);
    const request = t.caller(admin.token).privacy.deletionRequests({});
    const id = (await request).requests[0]!.id;
    const done = await trpc(admin.token, 'privacy.completeDeletion', { id });
    expect(done.statusCode).toBe(200);
    // The notice of the erasure goes to her once, then its address is wiped too.
    await runOnce(t.services.outboxWorker);

    for (const needle of [NAME, 'Otília', NEW_ADDRESS, member.email, PROPOSED_STREET, PROPOSED_PHONE]) {
      expect(tablesMentioning(needle), needle).toEqual([]);
    }
    expect(t.services.db.select().from(emailChanges).all()).toEqual([]);
    expect(t.services.db.select().from(proposedChanges).all()).toEqual([]);
    const asked = t.services.db
      .select()
      .from(subscriberActivity)
      .where(eq(subscriberActivity.event, 'email_change_requested'))
      .all();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.details).toMatchObject({ to: '***' });
  });

  it('the PIX key for commissions goes from the record and from the commissions paid to it; the money stays', async () => {
    const PIX_KEY = 'otilia.pix@exemplo.com.br';
    const admin = await t.signIn('admin');
    const member = await makeMember(t, { name: NAME });
    const saved = await trpc(member.token, 'referrals.savePixKey', {
      pixKey: PIX_KEY,
      currentPassword: 'segredo123',
    });
    expect(saved.statusCode).toBe(200);
    const commission = addReferral(t, member, 'confirmed', 14970);
    const paid = await t.caller(admin.token).referrals.payBatch({
      idempotencyKey: 'lote-lgpd-0001',
      referralIds: [commission.id],
      total: 14970,
    });
    expect(paid.count).toBe(1);
    await runOnce(t.services.outboxWorker);
    expect(tablesMentioning(PIX_KEY)).toEqual(expect.arrayContaining(['subscribers', 'referrals']));

    expect((await trpc(member.token, 'member.requestDeletion', {})).statusCode).toBe(200);
    const id = (await t.caller(admin.token).privacy.deletionRequests({})).requests[0]!.id;
    expect((await trpc(admin.token, 'privacy.completeDeletion', { id })).statusCode).toBe(200);
    await runOnce(t.services.outboxWorker);

    for (const needle of [PIX_KEY, NAME, member.email]) {
      expect(tablesMentioning(needle), needle).toEqual([]);
    }
    const kept = t.services.db.select().from(referrals).where(eq(referrals.id, commission.id)).get()!;
    expect(kept).toMatchObject({ status: 'paid', commissionAmount: 14970, payoutId: paid.payoutId });
  });
});
