/**
 * Automatic renewal as the member and the back office reach it (sandbox; ADR 052): the read for
 * "Minha Assinatura", turning it on with the sentence shown, an admin turning it off (the member
 * told), the LGPD export listing the consent, an erasure removing the card reference; and the
 * sandbox's test card that is declined on renewal.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { makeMember } from '../../../../tests/member';
import { AUTOMATIC_RENEWAL_MSG } from '../../../shared/automatic-renewal';
import { formatMoney } from '../../../shared/format';
import { saoPauloDayStart } from '../../../shared/sao-paulo-time';
import { automaticRenewals, outbox, payments } from '../../db/schema';
import { savedCardOf } from '../providers/sandbox/cards';
import { SANDBOX_APPROVED_CARD, SANDBOX_MSG, SANDBOX_RENEWAL_DECLINED_CARD } from '../providers/sandbox';
import { runRenewalPass } from './pass';
import { rememberCard } from './saved-card';

let t: TestApp;
useTestApp((app) => (t = app));

/** The card a paid sandbox card checkout leaves (what `process` records). */
function saveCard(subscriberId: string, number = SANDBOX_APPROVED_CARD) {
  const card = savedCardOf(subscriberId, { number, expMonth: 12, expYear: 2040 });
  rememberCard(t.services, { subscriberId, provider: 'sandbox', card });
  return card;
}

describe('the member and the back office (sandbox)', () => {
  it('reads, turns on with the sentence shown, is turned off by an admin (told by e-mail), exports the consent, is erased', async () => {
    const admin = await t.signIn('admin');
    const member = await makeMember(t, { endInDays: 40 });
    const mine = () => t.caller(member.token).automaticRenewal.mine();

    expect(await mine()).toMatchObject({
      available: false,
      enabled: false,
      unavailableReason: AUTOMATIC_RENEWAL_MSG.clubOff,
    });
    t.services.settings.update({ automaticRenewal: true });
    expect(await mine()).toMatchObject({
      available: true,
      card: null,
      unavailableReason: AUTOMATIC_RENEWAL_MSG.noCard,
    });
    await expect(t.caller(member.token).automaticRenewal.turnOn({ consentText: 'qualquer' })).rejects.toThrow(
      AUTOMATIC_RENEWAL_MSG.noCard,
    );

    const card = saveCard(member.subscriberId);
    const offered = await mine();
    expect(offered).toMatchObject({
      enabled: false,
      card: { brand: 'Visa', last4: '1111', expMonth: 12, expYear: 2040, expiresBeforeRenewal: false },
      amount: 89700,
      unavailableReason: null,
    });
    expect(offered.consentText).toContain(`no cartão Visa final 1111 todo ano: ${formatMoney(89700)} em`);

    const on = await t.caller(member.token).automaticRenewal.turnOn({ consentText: offered.consentText! });
    expect(on).toMatchObject({
      success: true,
      message: AUTOMATIC_RENEWAL_MSG.turnedOn,
      view: { enabled: true },
    });

    const exported = await t.caller(member.token).member.exportData();
    expect(exported.automaticRenewal).toMatchObject({
      enabled: true,
      consentText: offered.consentText,
      cardBrand: 'Visa',
      cardLast4: '1111',
    });
    expect(JSON.stringify(exported)).not.toContain(SANDBOX_APPROVED_CARD);

    const record = await t
      .caller(admin.token)
      .automaticRenewal.ofSubscriber({ subscriberId: member.subscriberId });
    expect(record).toMatchObject({ enabled: true, attempts: [], consentText: offered.consentText });

    const off = await t
      .caller(admin.token)
      .automaticRenewal.turnOffForSubscriber({ subscriberId: member.subscriberId });
    expect(off).toEqual({ success: true, message: AUTOMATIC_RENEWAL_MSG.turnedOff, chargeUnderway: false });
    const told = t.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'automatic_renewal_off'))
      .all();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ recipient: member.email });
    expect(told[0]?.body).toContain('A administração do clube desligou a renovação automática');
    expect(
      await t.caller(admin.token).automaticRenewal.ofSubscriber({ subscriberId: member.subscriberId }),
    ).toMatchObject({
      enabled: false,
      disabledBy: 'admin',
    });

    // The erasure removes the card reference and the choice.
    await t.caller(member.token).automaticRenewal.turnOn({ consentText: (await mine()).consentText! });
    await t.caller(member.token).member.requestDeletion({});
    const [request] = (await t.caller(admin.token).privacy.deletionRequests({})).requests;
    await t.caller(admin.token).privacy.completeDeletion({ id: request!.id });
    expect(t.services.db.select().from(automaticRenewals).all()).toEqual([]);
    const everything = JSON.stringify(t.services.db.select().from(automaticRenewals).all());
    expect(everything).not.toContain(card.providerCardId);
  });

  it('the sandbox card 4000 0000 0000 0101 is declined on renewal; the member is told the next try', async () => {
    t.services.settings.update({ automaticRenewal: true });
    const member = await makeMember(t, { endInDays: 3 });
    saveCard(member.subscriberId, SANDBOX_RENEWAL_DECLINED_CARD);
    const view = await t.caller(member.token).automaticRenewal.mine();
    await t.caller(member.token).automaticRenewal.turnOn({ consentText: view.consentText! });
    const end = new Date(view.nextChargeDate!);
    t.clock.set(new Date(saoPauloDayStart(end).getTime() + 13 * 3600 * 1000));
    expect(await runRenewalPass(t.services.automaticRenewal)).toMatchObject({ charged: 1, declined: 1 });
    const renewal = t.services.db.select().from(payments).where(eq(payments.planType, 'renewal')).get();
    expect(renewal).toMatchObject({
      status: 'failed',
      amount: 89700,
      failureReason: SANDBOX_MSG.renewalDeclined,
    });
    const failed = t.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'automatic_renewal_failed'))
      .get();
    expect(failed?.body).toContain('Vamos tentar de novo em');
    expect((await t.caller(member.token).automaticRenewal.mine()).nextRetryAt).not.toBeNull();
  });
});
