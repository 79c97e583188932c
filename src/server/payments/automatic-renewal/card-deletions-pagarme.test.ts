/**
 * An LGPD erasure deletes the member's saved card at Pagar.me too (ADR 052), against the fake
 * Pagar.me on loopback: the erasure only queues `DELETE /customers/{id}/cards/{id}` and completes
 * whatever the provider does; reconciliation asks, once; a lost answer or an outage is asked again
 * later with the same Idempotency-Key; a 404 (already gone) settles it; and what waits in the queue
 * is the provider's two ids, nothing of the person.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import type { FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { PAGARME_PAID_CARD } from '../../../../tests/fakes/pagarme-server';
import { makeMember, rememberPagarmeCard, type TestMember } from '../../../../tests/member';
import { usePagarmeApp } from '../../../../tests/pagarme-app';
import { automaticRenewals, cardDeletions, deletionRequests } from '../../db/schema';
import { PAGARME_MSG } from '../providers/pagarme';
import { reconcile } from '../reconciliation/run';

let t: TestApp;
let fake: FakePagarme;
usePagarmeApp((app) => ({ t, fake } = app));

const CUSTOMER = 'cus_fakeCustomer0000001';
/** A new card each test: the fake keeps Idempotency-Keys (`card-delete-{card}`) across tests. */
let CARD = '';
let cards = 0;
const MINUTE_MS = 60_000;

/** The member paid by card: Pagar.me keeps the card on her customer, we keep its reference. */
function cardOnFile(member: TestMember) {
  CARD = `card_fakeSavedCard${String(++cards).padStart(6, '0')}`;
  fake.savedCards.set(CARD, {
    customerId: CUSTOMER,
    number: PAGARME_PAID_CARD,
    expMonth: 12,
    expYear: 2030,
    declined: false,
  });
  rememberPagarmeCard(t, member, { customerId: CUSTOMER, cardId: CARD });
}

/** The member asks, the admin completes: the erasure. */
async function erase(member: TestMember) {
  const admin = await t.signIn('admin');
  await t.caller(member.token).member.requestDeletion({});
  const request = t.services.db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.subscriberId, member.subscriberId))
    .get()!;
  return t.caller(admin.token).privacy.completeDeletion({ id: request.id });
}

const deletesSent = () =>
  fake.requests.filter((request) => request.method === 'DELETE' && request.path.includes('/customers/'));
const queued = () => t.services.db.select().from(cardDeletions).all();
const later = (minutes: number) => t.clock.set(new Date(t.clock.now().getTime() + minutes * MINUTE_MS));

describe('an erasure deletes the saved card at Pagar.me', () => {
  it('queued by the erasure, deleted once by reconciliation, with its Idempotency-Key', async () => {
    const member = await makeMember(t);
    cardOnFile(member);
    expect((await erase(member)).success).toBe(true);
    // The erasure did not wait for Pagar.me: the card is queued, our reference is gone.
    expect(deletesSent()).toEqual([]);
    expect(t.services.db.select().from(automaticRenewals).all()).toEqual([]);
    expect(queued()).toHaveLength(1);

    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 1 });
    expect(deletesSent().map((request) => request.path)).toEqual([
      `/core/v5/customers/${CUSTOMER}/cards/${CARD}`,
    ]);
    expect(deletesSent()[0]?.headers['idempotency-key']).toBe(`card-delete-${CARD}`);
    expect(fake.savedCards.has(CARD)).toBe(false);
    expect(fake.deletedCards.has(CARD)).toBe(true);
    expect(queued()).toEqual([]);

    // Nothing left to ask: a later pass sends nothing.
    later(60 * 24);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 0 });
    expect(deletesSent()).toHaveLength(1);
  });

  it('Pagar.me down during the erasure: it completes all the same; the card is deleted once Pagar.me answers', async () => {
    const member = await makeMember(t);
    cardOnFile(member);
    fake.fail(10);
    expect((await erase(member)).success).toBe(true);
    // Down at the pass too: kept, with the reason and a pause before the next try.
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 0 });
    expect(queued()).toEqual([
      expect.objectContaining({ providerCardId: CARD, attempts: 1, lastError: PAGARME_MSG.unavailable }),
    ]);
    fake.fail(0);
    const asked = deletesSent().length;
    await reconcile(t.services.reconciliation);
    expect(deletesSent()).toHaveLength(asked); // not due yet
    later(6);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 1 });
    expect(fake.savedCards.has(CARD)).toBe(false);
    expect(queued()).toEqual([]);
  });

  it('a lost answer is asked again later with the same key; Pagar.me deleted it once', async () => {
    const member = await makeMember(t);
    cardOnFile(member);
    await erase(member);
    // Pagar.me deletes the card and the answer never arrives (nor that of the client's own retry).
    fake.loseAnswers(2, 'DELETE');
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 0 });
    expect(fake.deletedCards.has(CARD)).toBe(true);
    expect(queued()).toEqual([expect.objectContaining({ attempts: 1, lastError: PAGARME_MSG.unavailable })]);

    later(6);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 1 });
    expect(queued()).toEqual([]);
    const keys = new Set(deletesSent().map((request) => request.headers['idempotency-key']));
    expect(keys).toEqual(new Set([`card-delete-${CARD}`]));
    expect(fake.idempotency.replays).toBeGreaterThan(0);
  });

  it('a 404 (already gone: deleted in Pagar.me’s dashboard) settles it', async () => {
    const member = await makeMember(t);
    cardOnFile(member);
    await erase(member);
    fake.savedCards.delete(CARD);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ cardsDeleted: 1 });
    expect(deletesSent()).toHaveLength(1);
    expect(queued()).toEqual([]);
  });

  it('what waits in the queue is the provider’s ids only: no name, e-mail, phone, brand or last four', async () => {
    const member = await makeMember(t, { name: 'Clotilde Apagada' });
    cardOnFile(member);
    fake.fail(10);
    await erase(member);
    await reconcile(t.services.reconciliation);
    fake.fail(0);
    const [row] = queued();
    expect(Object.keys(row!).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'lastError',
        'nextAttemptAt',
        'provider',
        'providerCardId',
        'providerCustomerId',
      ].sort(),
    );
    const text = JSON.stringify(row);
    for (const personal of ['Clotilde', member.email, member.subscriberId, '0010', 'Visa']) {
      expect(text).not.toContain(personal);
    }
  });
});
