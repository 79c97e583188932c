/**
 * A pass over many members due the same day (ADR 052, "The pass's memory"): it reads them a page
 * at a time, charges each once whatever the page size, and gives the event loop a turn after
 * every member even when the provider answers at once (the sandbox) — without that turn, the
 * native memory of every statement the pass prepared stayed until it ended (3 GiB for 10,000).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { makeMember } from '../../../../tests/member';
import { payments, renewalAttempts, subscribers } from '../../db/schema';
import { SANDBOX_APPROVED_CARD } from '../providers/sandbox';
import { savedCardOf } from '../providers/sandbox/cards';
import { runRenewalPass } from './pass';
import { rememberCard } from './saved-card';

let t: TestApp;
useTestApp((app) => (t = app));

/** `count` members with automatic renewal on a sandbox card that pays, all with the same end date. */
async function membersDueTogether(count: number) {
  t.services.settings.update({ automaticRenewal: true });
  const ids: string[] = [];
  let end: Date | undefined;
  let chargeDate: string | undefined;
  for (let i = 0; i < count; i++) {
    const member = await makeMember(t, { endInDays: 20 });
    const card = savedCardOf(member.subscriberId, {
      number: SANDBOX_APPROVED_CARD,
      expMonth: 12,
      expYear: 2040,
    });
    rememberCard(t.services, { subscriberId: member.subscriberId, provider: 'sandbox', card });
    const view = await t.caller(member.token).automaticRenewal.mine();
    chargeDate ??= view.nextChargeDate!;
    await t.caller(member.token).automaticRenewal.turnOn({ consentText: view.consentText! });
    end ??= t.services.db.select().from(subscribers).where(eq(subscribers.id, member.subscriberId)).get()!
      .subscriptionEndDate!;
    t.services.db
      .update(subscribers)
      .set({ subscriptionEndDate: end })
      .where(eq(subscribers.id, member.subscriberId))
      .run();
    ids.push(member.subscriberId);
  }
  // Their charge day, at 13:00.
  t.clock.set(new Date(new Date(chargeDate!).getTime() + 13 * 3600 * 1000));
  return { ids, end: end! };
}

const paidRenewals = (subscriberId: string) =>
  t.services.db
    .select()
    .from(payments)
    .where(eq(payments.subscriberId, subscriberId))
    .all()
    .filter((payment) => payment.planType === 'renewal' && payment.status === 'paid');

describe('the renewal pass over many members due the same day', () => {
  it('pages of 2 over 5 members: each charged once, the period extended; a second pass charges none', async () => {
    const { ids, end } = await membersDueTogether(5);
    expect(await runRenewalPass(t.services.automaticRenewal, { pageSize: 2 })).toMatchObject({
      charged: 5,
      paid: 5,
      failed: 0,
    });
    for (const id of ids) {
      expect(paidRenewals(id)).toHaveLength(1);
      const renewed = t.services.db.select().from(subscribers).where(eq(subscribers.id, id)).get()!;
      expect(renewed.subscriptionEndDate!.getTime()).toBeGreaterThan(end.getTime() + 300 * 24 * 3600 * 1000);
      expect(
        t.services.db.select().from(renewalAttempts).where(eq(renewalAttempts.subscriberId, id)).all(),
      ).toHaveLength(1);
    }
    expect(await runRenewalPass(t.services.automaticRenewal, { pageSize: 2 })).toMatchObject({ charged: 0 });
  });

  it('the event loop has a turn after each member, though the sandbox answers at once', async () => {
    await membersDueTogether(3);
    const chargedAtFirstTurn = new Promise<number>((resolve) =>
      setImmediate(() => resolve(t.services.db.select().from(renewalAttempts).all().length)),
    );
    expect(await runRenewalPass(t.services.automaticRenewal)).toMatchObject({ charged: 3, paid: 3 });
    // The first turn of the loop came after the first member, not after the whole pass.
    expect(await chargedAtFirstTurn).toBe(1);
  });
});
