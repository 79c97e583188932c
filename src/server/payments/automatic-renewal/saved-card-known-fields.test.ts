/**
 * A renewal charge on the saved card goes through the paid path like any card payment and
 * re-saves its card (ADR 052). When the provider's answer names the card without its brand or
 * expiry, what we knew of that same card stays: it used to be overwritten with null, and the
 * "validade" shown and the card-expiry notice were lost. A different card keeps nothing of the old.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the recorded answer is JSON */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { makeMember, rememberPagarmeCard } from '../../../../tests/member';
import { automaticRenewals } from '../../db/schema';
import { orderChargeResult } from '../providers/pagarme';
import { rememberPaidCard } from './saved-card';

let t: TestApp;
useTestApp((app) => (t = app));

const CUSTOMER = 'cus_svi34zWH8xMS9BMo';
const CARD = 'card_E9kcE3oEJJ8X1o95';

/** Pagar.me's paid card order (recorded), its card's brand and expiry left out of the answer. */
function answerWithoutCardDetails(cardId: string) {
  const order: any = JSON.parse(
    fs.readFileSync(
      new URL('../../../../tests/fixtures/pagarme/order-card-response-paid.json', import.meta.url),
      'utf8',
    ),
  );
  const card = order.charges[0].last_transaction.card;
  card.id = cardId;
  delete card.brand;
  delete card.exp_month;
  delete card.exp_year;
  return orderChargeResult(order);
}

async function memberWithCard() {
  const member = await makeMember(t);
  rememberPagarmeCard(t, member, { customerId: CUSTOMER, cardId: CARD });
  return member;
}

const onFile = (subscriberId: string) =>
  t.services.db
    .select()
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, subscriberId))
    .get();

describe('re-saving the card of a paid renewal', () => {
  it('the same card, answered without brand or expiry: the known values stay', async () => {
    const member = await memberWithCard();
    const charge = answerWithoutCardDetails(CARD);
    expect(charge.savedCard).toMatchObject({
      providerCardId: CARD,
      brand: null,
      expMonth: null,
      expYear: null,
    });

    expect(
      // The renewal's own charge (the pass's payment, no member's link): the same card.
      rememberPaidCard(t.services, { subscriberId: member.subscriberId, provider: 'pagarme' }, charge, false),
    ).toBe(true);
    expect(onFile(member.subscriberId)).toMatchObject({
      providerCustomerId: CUSTOMER,
      providerCardId: CARD,
      cardBrand: 'Visa',
      cardLast4: '0010',
      cardExpMonth: 12,
      cardExpYear: 2030,
    });
  });

  it('another card answered without them: nothing of the old card is mixed in', async () => {
    const member = await memberWithCard();
    const charge = answerWithoutCardDetails('card_another0000000001');
    // Paid from the member's own account (only such a payment may replace the agreed card).
    rememberPaidCard(t.services, { subscriberId: member.subscriberId, provider: 'pagarme' }, charge, true);
    expect(onFile(member.subscriberId)).toMatchObject({
      providerCardId: 'card_another0000000001',
      cardBrand: null,
      cardLast4: '0010',
      cardExpMonth: null,
      cardExpYear: null,
    });
  });
});
