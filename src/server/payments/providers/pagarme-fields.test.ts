/**
 * What Pagar.me receives for a card's name and a payer's phone (ADR 020), read from the request
 * bodies the fake Pagar.me gets: `holder_name` in letters and spaces (at most 64), and a phone
 * typed with the long-distance 0 ("011 98765-4321") sent as area 11, number 987654321.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { PAGARME_PAID_CARD, type FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { payByPix } from '../../../../tests/checkout';
import { pagarmeEnv, useFakePagarme } from '../../../../tests/pagarme-app';
import { PRACA_DA_SE } from '../../../../tests/people';
import { createPagarmeProvider } from './pagarme';

const theFake = useFakePagarme();
let fake: FakePagarme;
beforeEach(() => {
  fake = theFake();
});

const customer = (phone: string) => ({
  code: 'sub_1',
  name: 'Mariana Costa Ribeiro',
  email: 'mariana.ribeiro@example.com',
  phone,
  cpf: '52998224725',
  address: { ...PRACA_DA_SE, number: '101', complement: '', zipCode: '01001000' },
});
const orderBodies = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === '/core/v5/orders');

describe('the payer’s phone on Pagar.me orders', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(pagarmeEnv(fake));
    t.clock.set(new Date());
  });
  afterEach(async () => {
    await t.close();
  });

  it.each([
    ['011 98765-4321', '11', '987654321'],
    ['(011) 3456-7890', '11', '34567890'],
    ['+55 (21) 99876-5432', '21', '998765432'],
    ['55 98765-4321', '55', '987654321'],
  ])('typed %s at checkout: area_code %s, number %s', async (typed, areaCode, number) => {
    const res = await payByPix(t, { phone: typed });
    expect(res.statusCode).toBe(200);
    const [order] = orderBodies();
    expect(order?.body.customer.phones).toEqual({
      mobile_phone: { country_code: '55', area_code: areaCode, number },
    });
  });
});

describe('the card’s holder_name', () => {
  const TYPED = "João D'Ávila-Conceição 2ª via";
  const SENT = 'João D Ávila Conceição via';

  it('the browser’s token request carries it in letters and spaces', async () => {
    const { tokenizeCard } = await import('../../../client/components/checkout/card-tokenizer');
    const token = await tokenizeCard(
      { url: `${fake.apiUrl}/tokens`, publicKey: fake.publicKey },
      { cardNumber: PAGARME_PAID_CARD, cardHolderName: TYPED, expiryDate: '12/30', cvv: '123' },
    );
    expect(token).toMatch(/^token_/);
    const sent = fake.requests.find((request) => request.path.startsWith('/core/v5/tokens'));
    expect(sent?.body.card.holder_name).toBe(SENT);
  });

  it('a name longer than 64 characters is cut to 64', async () => {
    const { tokenizeCard } = await import('../../../client/components/checkout/card-tokenizer');
    const long = 'Maria Antonieta Josefa Joana de Habsburgo Lorena Bourbon Orleans Bragança';
    await tokenizeCard(
      { url: `${fake.apiUrl}/tokens`, publicKey: fake.publicKey },
      { cardNumber: PAGARME_PAID_CARD, cardHolderName: long, expiryDate: '12/30', cvv: '123' },
    );
    const sent = fake.requests.find((request) => request.path.startsWith('/core/v5/tokens'));
    expect(sent?.body.card.holder_name).toBe(long.slice(0, 64).trim());
    expect(sent?.body.card.holder_name.length).toBeLessThanOrEqual(64);
  });

  it('an order with the card itself (scripts, never the checkout) carries it the same way', async () => {
    const provider = createPagarmeProvider({ apiUrl: fake.apiUrl, secretKey: fake.secretKey });
    const charge = await provider.createCharge({
      paymentId: 'pay_holder_1',
      attempt: 1,
      amount: 149700,
      description: 'Plano Anual Confraria',
      method: 'credit_card',
      customer: customer('011 98765-4321'),
      card: { number: PAGARME_PAID_CARD, holderName: TYPED, expMonth: 12, expYear: 2030, cvv: '123' },
    });
    expect(charge.status).toBe('paid');
    const [order] = orderBodies();
    expect(order?.body.payments[0].credit_card.card.holder_name).toBe(SENT);
    expect(order?.body.customer.phones.mobile_phone).toEqual({
      country_code: '55',
      area_code: '11',
      number: '987654321',
    });
  });
});
