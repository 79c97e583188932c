/**
 * Automatic renewal chosen at the member's renewal checkout (sandbox; ADR 052): `member.renew`
 * with the box ticked and the sentence it showed. On only once the link is paid by card and the
 * card kept, with the consent recorded; a declined card or a PIX leaves it off; with the club's
 * switch off, or a sentence other than the one offered, the renewal is refused and nothing made.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { rows, sandboxPay, sandboxPayByCard } from '../../../../tests/checkout';
import { makeMember, type TestMember } from '../../../../tests/member';
import { AUTOMATIC_RENEWAL_MSG, checkoutConsentSentence } from '../../../shared/automatic-renewal';
import { formatDate, formatMoney } from '../../../shared/format';
import { paymentLinks } from '../../db/schema';
import { SANDBOX_DECLINED_CARD } from '../providers/sandbox';
import { chargeDay } from './schedule';

let t: TestApp;
useTestApp((app) => (t = app));

const DAY = 24 * 3600 * 1000;
const savedRow = (subscriberId: string) => rows(t).automaticRenewal(subscriberId);
const linksOf = (subscriberId: string) =>
  t.services.db.select().from(paymentLinks).where(eq(paymentLinks.subscriberId, subscriberId)).all();

const payByCard = (linkId: string, cardNumber?: string) => sandboxPayByCard(t, linkId, cardNumber);

/** A member 20 days from the end, the club offering automatic renewal, and the box's sentence. */
async function memberAtCheckout(): Promise<{ member: TestMember; sentence: string; end: Date }> {
  t.services.settings.update({ automaticRenewal: true });
  const member = await makeMember(t, { endInDays: 20 });
  const end = new Date(t.clock.now().getTime() + 20 * DAY);
  const view = await t.caller(member.token).automaticRenewal.mine();
  return { member, sentence: view.checkoutConsentText!, end };
}

describe('automatic renewal ticked at the renewal checkout (sandbox)', () => {
  it('offers the sentence with the renewal price and the charge day after this renewal', async () => {
    const { sentence, end } = await memberAtCheckout();
    const next = chargeDay(new Date(end.getTime() + 365 * DAY));
    expect(sentence).toBe(checkoutConsentSentence(89700, next));
    expect(sentence).toBe(
      `Renovar automaticamente no cartão com que pago esta renovação, todo ano: ${formatMoney(89700)} em ${formatDate(next)} e a cada ano seguinte, até eu desligar.`,
    );
  });

  it('paid by card: on, with the consent (date, the text shown, brand and last four) in the history', async () => {
    const { member, sentence } = await memberAtCheckout();
    const caller = t.caller(member.token);
    const link = await caller.member.renew({ automaticRenewal: true, consentText: sentence });
    // Ticked but not paid yet: still off.
    expect((await caller.automaticRenewal.mine()).enabled).toBe(false);
    expect((await payByCard(link.id)).statusCode).toBe(303);

    const view = await caller.automaticRenewal.mine();
    expect(view).toMatchObject({
      enabled: true,
      consentText: sentence,
      consentAt: t.clock.now().toISOString(),
      card: { brand: 'Visa', last4: '1111' },
      amount: 89700,
      checkoutConsentText: null,
    });
    const consent = t.services.lifecycle
      .history(member.subscriberId)
      .find((line) => line.event === 'automatic_renewal_on');
    const paymentId = linksOf(member.subscriberId)[0]?.paymentId;
    expect(consent).toMatchObject({
      actorKind: 'member',
      actorId: member.userId,
      details: {
        consentText: sentence,
        cardBrand: 'Visa',
        cardLast4: '1111',
        amount: 89700,
        paymentId,
        chosenAt: 'checkout',
      },
    });
  });

  it('a declined card, or the link paid by PIX, leaves it off', async () => {
    const { member, sentence } = await memberAtCheckout();
    const caller = t.caller(member.token);
    const link = await caller.member.renew({ automaticRenewal: true, consentText: sentence });
    expect((await payByCard(link.id, SANDBOX_DECLINED_CARD)).statusCode).toBe(200);
    expect(savedRow(member.subscriberId)).toBeUndefined();
    expect((await caller.automaticRenewal.mine()).enabled).toBe(false);

    // The same link, now paid by PIX: renewed, no card to charge, still off.
    expect((await sandboxPay(t, link.id, 'paid', 'pix')).statusCode).toBe(200);
    expect(linksOf(member.subscriberId)[0]?.status).toBe('paid');
    expect(savedRow(member.subscriberId)).toBeUndefined();
    expect((await caller.automaticRenewal.mine()).enabled).toBe(false);
  });

  it('not ticked (or unticked on the link reused): the card is kept and it stays off', async () => {
    const { member, sentence } = await memberAtCheckout();
    const caller = t.caller(member.token);
    const ticked = await caller.member.renew({ automaticRenewal: true, consentText: sentence });
    const unticked = await caller.member.renew();
    expect(unticked.id).toBe(ticked.id);
    expect(linksOf(member.subscriberId)[0]?.automaticRenewalConsent).toBeNull();
    await payByCard(unticked.id);
    expect(savedRow(member.subscriberId)).toMatchObject({ enabled: false, cardLast4: '1111' });
  });

  it('club switch off, or a sentence other than the one offered: refused, no link made', async () => {
    const { member, sentence } = await memberAtCheckout();
    const caller = t.caller(member.token);
    await expect(
      caller.member.renew({ automaticRenewal: true, consentText: 'Renovar por R$ 1,00' }),
    ).rejects.toThrow(AUTOMATIC_RENEWAL_MSG.consentChanged);
    await expect(caller.member.renew({ automaticRenewal: true })).rejects.toThrow(
      AUTOMATIC_RENEWAL_MSG.consentRequired,
    );
    t.services.settings.update({ automaticRenewal: false });
    expect((await caller.automaticRenewal.mine()).checkoutConsentText).toBeNull();
    await expect(caller.member.renew({ automaticRenewal: true, consentText: sentence })).rejects.toThrow(
      AUTOMATIC_RENEWAL_MSG.clubOff,
    );
    expect(linksOf(member.subscriberId)).toEqual([]);
  });

  it('the price changed between the box and the payment: paid, the card kept, and off', async () => {
    const { member, sentence } = await memberAtCheckout();
    const caller = t.caller(member.token);
    const link = await caller.member.renew({ automaticRenewal: true, consentText: sentence });
    t.services.settings.update({ priceRenewal: 99700 });
    await payByCard(link.id);
    expect(savedRow(member.subscriberId)).toMatchObject({ enabled: false, cardLast4: '1111' });
  });
});
