/**
 * Every paid card of a member is kept for automatic renewal, however its answer arrived (ADR 052):
 * here the member's renewal link paid by card on the sandbox's hosted page (its signed webhook).
 * A PIX or a declined card keeps nothing; a newer card the member pays from their own account
 * replaces the older one (queued for deletion at the provider) and the member's choice stays as it
 * was; while it is on, a card paid
 * through a link the member did not make leaves the agreed card in place.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { rows, sandboxPay, sandboxPayByCard } from '../../../../tests/checkout';
import { makeMember, type TestMember } from '../../../../tests/member';
import { cardDeletions } from '../../db/schema';
import { createForSubscriber } from '../links/create-link';
import { login } from '../../identity/accounts/sign-in';
import {
  SANDBOX_APPROVED_CARD,
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINED_CARD,
} from '../providers/sandbox';

let t: TestApp;
useTestApp((app) => (t = app));

const savedRow = (subscriberId: string) => rows(t).automaticRenewal(subscriberId);

const queuedDeletions = () =>
  t.services.db
    .select({ card: cardDeletions.providerCardId })
    .from(cardDeletions)
    .all()
    .map((row) => row.card);

/** The member's renewal link, paid by a card typed on the sandbox's page. */
async function renewByCard(member: TestMember, cardNumber: string, expiryDate = '12/30') {
  const link = await t.caller(member.token).member.renew();
  return { link, res: await payByCard(link.id, cardNumber, expiryDate) };
}

const payByCard = (linkId: string, cardNumber: string, expiryDate: string) =>
  sandboxPayByCard(t, linkId, cardNumber, expiryDate);

describe('the card of a paid renewal link is kept (sandbox)', () => {
  it('a link paid by card on the hosted page keeps the reference, brand, last four and expiry; off until chosen', async () => {
    const member = await makeMember(t, { endInDays: 20 });
    const { res } = await renewByCard(member, SANDBOX_APPROVED_CARD);
    expect(res.statusCode).toBe(303);
    expect(savedRow(member.subscriberId)).toMatchObject({
      provider: 'sandbox',
      providerCustomerId: `sbx_cus_${member.subscriberId}`,
      providerCardId: expect.stringMatching(/^sbx_card_ok_1111_122030_/),
      cardBrand: 'Visa',
      cardLast4: '1111',
      cardExpMonth: 12,
      cardExpYear: 2030,
      enabled: false,
    });
    expect(JSON.stringify(savedRow(member.subscriberId))).not.toContain(SANDBOX_APPROVED_CARD);
    t.services.settings.update({ automaticRenewal: true });
    expect(await t.caller(member.token).automaticRenewal.mine()).toMatchObject({
      enabled: false,
      card: { brand: 'Visa', last4: '1111', expMonth: 12, expYear: 2030 },
      unavailableReason: null,
    });
  });

  it('a link paid by PIX keeps nothing, and neither does a declined card', async () => {
    const byPix = await makeMember(t, { endInDays: 20 });
    const link = await t.caller(byPix.token).member.renew();
    expect((await sandboxPay(t, link.id, 'paid', 'pix')).statusCode).toBe(200);
    expect((await t.caller(byPix.token).member.overview()).subscription).toMatchObject({ pricePaid: 89700 });
    expect(savedRow(byPix.subscriberId)).toBeUndefined();

    const declined = await makeMember(t, { endInDays: 20 });
    const { res } = await renewByCard(declined, SANDBOX_DECLINED_CARD);
    expect(res.statusCode).toBe(200);
    expect(savedRow(declined.subscriberId)).toBeUndefined();
  });

  it('a newer paid card replaces the older one and keeps the member turned on, with the consent given', async () => {
    t.services.settings.update({ automaticRenewal: true });
    const member = await makeMember(t, { endInDays: 20 });
    await renewByCard(member, SANDBOX_APPROVED_CARD);
    const offered = await t.caller(member.token).automaticRenewal.mine();
    await t.caller(member.token).automaticRenewal.turnOn({ consentText: offered.consentText! });
    const before = savedRow(member.subscriberId)!;

    // A year on, the member renews by hand with another card.
    t.clock.advance(360 * 24 * 3600 * 1000);
    const again = await login(t.services.accounts, { email: member.email, password: 'segredo123' });
    await renewByCard({ ...member, token: again.token }, SANDBOX_RENEWAL_DECLINED_CARD, '06/31');
    const after = savedRow(member.subscriberId)!;
    expect(after).toMatchObject({
      enabled: true,
      consentText: before.consentText,
      consentAt: before.consentAt,
      providerCustomerId: before.providerCustomerId,
      providerCardId: expect.stringMatching(/^sbx_card_decline_0101_062031_/),
      cardLast4: '0101',
      cardExpMonth: 6,
      cardExpYear: 2031,
    });
    expect(after.providerCardId).not.toBe(before.providerCardId);
    // The replaced card is no one's any more: queued for deletion at the provider, only it.
    expect(queuedDeletions()).toEqual([before.providerCardId]);
  });

  it('while on, a card paid through a link the member did not make leaves the agreed card in place', async () => {
    t.services.settings.update({ automaticRenewal: true });
    const member = await makeMember(t, { endInDays: 20 });
    await renewByCard(member, SANDBOX_APPROVED_CARD);
    const offered = await t.caller(member.token).automaticRenewal.mine();
    await t.caller(member.token).automaticRenewal.turnOn({ consentText: offered.consentText! });
    const agreed = savedRow(member.subscriberId)!;

    // A year on, someone pays a link made for this member (not from their account) with their own
    // card: that holder agreed to this payment only, so the renewals stay on the agreed card.
    t.clock.advance(360 * 24 * 3600 * 1000);
    const link = await createForSubscriber(t.services.paymentLinks, member.subscriberId, 'renewal');
    expect((await payByCard(link.id, SANDBOX_RENEWAL_DECLINED_CARD, '06/31')).statusCode).toBe(303);
    const again = await login(t.services.accounts, { email: member.email, password: 'segredo123' });
    expect(await t.caller(again.token).member.overview()).toMatchObject({
      subscription: { pricePaid: 89700 },
    });
    expect(savedRow(member.subscriberId)).toMatchObject({
      enabled: true,
      providerCardId: agreed.providerCardId,
      cardLast4: '1111',
      cardExpYear: 2030,
      consentText: agreed.consentText,
    });
    expect(queuedDeletions()).toEqual([]);
    expect((await t.caller(again.token).automaticRenewal.mine()).card).toMatchObject({ last4: '1111' });
  });
});
