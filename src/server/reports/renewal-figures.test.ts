/**
 * The dashboard's renewal figures and the subscriber list's `renewal` filter they open
 * (docs/decisions/052-automatic-renewal.md): renewals due in 30 days split automatic vs manual, and
 * the automatic renewals declined and in retry — the same members counted and listed, through tRPC,
 * REST and the CSV export.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../tests/app';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { automaticRenewals, payments, renewalAttempts, subscribers } from '../db/schema';
import { newId } from '../lib/ids';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const auth = () => ({ authorization: `Bearer ${admin.token}` });

/** An active member whose period ends in `days` (created as the back office creates one). */
async function member(name: string, days: number) {
  const end = new Date(t.clock.now().getTime() + days * DAY_MS);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`;
  await t.caller(admin.token).subscribers.create({
    fullName: name,
    email,
    phone: '(21) 99876-5432',
    cpf: null,
    birthDate: '1980-05-17',
    shirtSize: 'G',
    zipCode: '01001-000',
    address: 'Praça da Sé',
    city: 'São Paulo',
    state: 'SP',
    status: 'active',
    subscriptionPrice: 149700,
    subscriptionStartDate: new Date(end.getTime() - 365 * DAY_MS).toISOString(),
    subscriptionEndDate: end.toISOString(),
  });
  return t.services.db.select().from(subscribers).where(eq(subscribers.email, email)).get()!;
}

/** Their automatic renewal as the card checkout and the member's consent leave it. */
function automatic(subscriberId: string, options: { enabled?: boolean; graceUntil?: Date | null } = {}) {
  const now = t.clock.now();
  t.services.db
    .insert(automaticRenewals)
    .values({
      subscriberId,
      provider: 'sandbox',
      providerCustomerId: `cus_${subscriberId}`,
      providerCardId: `card_${subscriberId}`,
      cardBrand: 'Visa',
      cardLast4: '1111',
      cardExpMonth: 12,
      cardExpYear: 2030,
      enabled: options.enabled ?? true,
      consentAt: now,
      consentText: 'Renovar automaticamente no cartão Visa final 1111 todo ano.',
      disabledAt: options.enabled === false ? now : null,
      disabledBy: options.enabled === false ? 'member' : null,
      graceUntil: options.graceUntil ?? null,
    })
    .run();
}

/** A renewal attempt of the period ending at `periodEnd`, its payment in `status`. */
function attempt(subscriberId: string, periodEnd: Date, status: 'failed' | 'pending') {
  const now = t.clock.now();
  const paymentId = newId();
  t.services.db.transaction((tx) => {
    tx.insert(payments)
      .values({
        id: paymentId,
        subscriberId,
        planType: 'renewal',
        amount: 149700,
        status,
        method: 'credit_card',
        provider: 'sandbox',
        description: 'Renovação anual',
        attempt: 1,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    tx.insert(renewalAttempts).values({ id: newId(), subscriberId, periodEnd, attempt: 1, paymentId }).run();
  });
}

const hours = (n: number) => new Date(t.clock.now().getTime() + n * 3600_000);

async function club() {
  automatic((await member('Auto Em Dez', 10)).id);
  automatic((await member('Auto Em Quarenta', 40)).id);
  await member('Manual Em Vinte', 20);
  // Turned off: renews by hand.
  automatic((await member('Desligou Em Cinco', 5)).id, { enabled: false });
  // Charged on its date, declined, the next try in two days: held open until then.
  const declined = await member('Recusado Retentando', 1);
  automatic(declined.id, { graceUntil: hours(72) });
  attempt(declined.id, declined.subscriptionEndDate!, 'failed');
  // Charged, the answer not in yet: not a refusal.
  const awaiting = await member('Aguardando Resposta', 2);
  automatic(awaiting.id, { graceUntil: hours(24) });
  attempt(awaiting.id, awaiting.subscriptionEndDate!, 'pending');
  // The last try refused: no retry ahead, today's expiry rule applies.
  const last = await member('Ultima Recusa', -3);
  automatic(last.id);
  attempt(last.id, last.subscriptionEndDate!, 'failed');
  // A refusal of an earlier period, and a hold that is not for it.
  const earlier = await member('Recusa Antiga', 200);
  automatic(earlier.id, { graceUntil: hours(24) });
  attempt(earlier.id, new Date(t.clock.now().getTime() - 165 * DAY_MS), 'failed');
}

const names = (answer: { subscribers: { fullName: string }[] }) =>
  answer.subscribers.map((row) => row.fullName);

describe('the renewal figures and the list they open', () => {
  it('counts the renewals due in 30 days by how they renew, and the ones in retry', async () => {
    await club();
    const figures = await t.caller(admin.token).payments.dashboard();
    expect(figures).toMatchObject({
      expiringIn30Days: 5,
      // Auto Em Dez, Recusado Retentando, Aguardando Resposta.
      renewalsDueAutomatic: 3,
      // Manual Em Vinte, Desligou Em Cinco.
      renewalsDueManual: 2,
      automaticRenewalsRetrying: 1,
    });
  });

  it('lists the same members with ?renewal, paged and sorted like the other filters', async () => {
    await club();
    const api = t.caller(admin.token).subscribers;
    const byEnd = { sortBy: 'subscriptionEndDate', sortOrder: 'asc' } as const;
    expect(names(await api.list({ endingWithinDays: 30, renewal: 'automatic', ...byEnd }))).toEqual([
      'Recusado Retentando',
      'Aguardando Resposta',
      'Auto Em Dez',
    ]);
    expect(names(await api.list({ endingWithinDays: 30, renewal: 'manual', ...byEnd }))).toEqual([
      'Desligou Em Cinco',
      'Manual Em Vinte',
    ]);
    expect(names(await api.list({ renewal: 'retrying' }))).toEqual(['Recusado Retentando']);
    // Without the window: everyone with it on, and everyone else.
    const all = await api.list({ renewal: 'automatic', sortBy: 'fullName', sortOrder: 'asc' });
    expect(names(all)).toEqual([
      'Aguardando Resposta',
      'Auto Em Dez',
      'Auto Em Quarenta',
      'Recusa Antiga',
      'Recusado Retentando',
      'Ultima Recusa',
    ]);
    expect(all.pagination.total).toBe(6);
    const second = await api.list({
      renewal: 'automatic',
      sortBy: 'fullName',
      sortOrder: 'asc',
      limit: 4,
      page: 2,
    });
    expect(names(second)).toEqual(['Recusado Retentando', 'Ultima Recusa']);
    expect(second.pagination).toMatchObject({ total: 6, pages: 2 });
    expect((await api.list({ renewal: 'manual' })).pagination.total).toBe(2);
    // With a search (counted from the search index's matches).
    expect((await api.list({ renewal: 'automatic', search: 'Quarenta' })).pagination.total).toBe(1);
    expect((await api.list({ renewal: 'manual', search: 'Quarenta' })).pagination.total).toBe(0);
  });

  it('answers the same on the documented REST path and in the CSV export', async () => {
    await club();
    const rest = await t.request({
      method: 'GET',
      url: '/api/admin/subscribers?renewal=automatic&endingWithinDays=30&sortBy=subscriptionEndDate&sortOrder=asc',
      headers: auth(),
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().subscribers.map((row: { fullName: string }) => row.fullName)).toEqual([
      'Recusado Retentando',
      'Aguardando Resposta',
      'Auto Em Dez',
    ]);
    const csv = await t.request({
      method: 'GET',
      url: '/api/admin/subscribers/export.csv?renewal=retrying',
      headers: auth(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Recusado Retentando');
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    // "Enviar mensagem" on the filtered list reaches the members it shows, no one else.
    const preview = await t.caller(admin.token).subscribers.previewListMessage({
      filter: { renewal: 'manual', endingWithinDays: 30 },
      message: 'Olá',
    });
    expect(preview.total).toBe(2);
  });

  it('follows every change of the choice, made by the app or by hand in the database', async () => {
    // The list reads the subscriber's copy of the choice (migration 0048's triggers, ADR 052): it
    // must move with the row it copies, whoever writes that row.
    const someone = await member('Muda De Ideia', 15);
    const sqlite = t.database.sqlite;
    const api = t.caller(admin.token).subscribers;
    const listed = async () => ({
      automatic: names(await api.list({ renewal: 'automatic' })),
      manual: names(await api.list({ renewal: 'manual' })),
    });
    const automaticOnly = { automatic: ['Muda De Ideia'], manual: [] };
    const manualOnly = { automatic: [], manual: ['Muda De Ideia'] };
    expect(await listed()).toEqual(manualOnly);
    automatic(someone.id);
    expect(await listed()).toEqual(automaticOnly);
    await t.caller(admin.token).automaticRenewal.turnOffForSubscriber({ subscriberId: someone.id });
    expect(await listed()).toEqual(manualOnly);
    // On again, then its card reference gone (as the erasure leaves it): nothing the pass can charge.
    sqlite.prepare('update automatic_renewals set enabled = 1 where subscriber_id = ?').run(someone.id);
    expect(await listed()).toEqual(automaticOnly);
    sqlite
      .prepare('update automatic_renewals set provider_card_id = null where subscriber_id = ?')
      .run(someone.id);
    expect(await listed()).toEqual(manualOnly);
    sqlite
      .prepare("update automatic_renewals set provider_card_id = 'card_x' where subscriber_id = ?")
      .run(someone.id);
    expect(await listed()).toEqual(automaticOnly);
    sqlite.prepare('delete from automatic_renewals where subscriber_id = ?').run(someone.id);
    expect(await listed()).toEqual(manualOnly);
    expect((await t.caller(admin.token).payments.dashboard()).renewalsDueAutomatic).toBe(0);
  });

  it('refuses an unknown renewal filter with a Portuguese message (400, nothing listed)', async () => {
    for (const value of ['auto', '', 'AUTOMATIC']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/admin/subscribers?renewal=${value}`,
        headers: auth(),
      });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error, value).toBe(
        'Filtro de renovação inválido: use automatic, manual ou retrying.',
      );
    }
  });
});
