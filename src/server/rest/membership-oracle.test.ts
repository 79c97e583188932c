/**
 * An anonymous checkout never tells whether an e-mail belongs to a member (ADR 027), against
 * the fake Pagar.me on loopback: every anonymous door (REST and tRPC, the payment-link form, the
 * link made right after registration, the old in-page checkout) quotes and charges the
 * new-membership price and answers the same for a member's e-mail and a stranger's. The renewal
 * price stays where the person is proven: signed in as the member, or the link the club sends.
 * A member who pays an anonymous link still gets the year added to the current one.
 */
import { describe, expect, it } from 'vitest';
import { rows } from '../../../tests/checkout';
import { makeMember } from '../../../tests/member';
import { pagarmeWebhook, usePagarmeApp } from '../../../tests/pagarme-app';
import type { FakePagarme } from '../../../tests/fakes/pagarme-server';
import type { TestApp } from '../../../tests/app';
import { failure } from '../../../tests/refusal';
import { DAY_MS } from '../../shared/sao-paulo-time';

const STRANGER = 'ninguem.aqui@exemplo.com.br';
const RENEWAL_SIGN_IN =
  'A renovação pelo valor de renovação é feita na área do confrade: entre com seu email e senha para renovar.';

let t: TestApp;
let fake: FakePagarme;
usePagarmeApp((app) => ({ t, fake } = app));

const afterRegistration = (email: string, amount: number, token?: string) =>
  t.request({
    method: 'POST',
    url: '/api/payments/create-checkout-link',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { name: 'Alguém Qualquer', email, amount },
  });

const checkoutForm = (email: string, planType: 'annual' | 'renewal') => ({
  customerName: 'Alguém Qualquer',
  customerEmail: email,
  customerPhone: '(11) 98765-4321',
  customerDocument: '529.982.247-25',
  customerCep: '01001-000',
  customerNumber: '100',
  customerComplement: '',
  customerStreet: 'Praça da Sé',
  customerNeighborhood: 'Sé',
  customerCity: 'São Paulo',
  customerState: 'SP',
  planType,
});

/** The amount the provider was asked to charge for the link `id`. */
function amountAtProvider(id: string): number {
  const providerLinkId = rows(t)
    .links()
    .find((link) => link.id === id)?.providerLinkId;
  return fake.links.get(providerLinkId ?? '')?.cart_settings.items[0].amount;
}

/** The answer without its ids (they differ per link): what a caller can compare. */
const shapeOf = (body: unknown) =>
  JSON.parse(JSON.stringify(body).replace(/"(id|url|checkoutUrl)":"[^"]*"/g, '"$1":"…"')) as unknown;

describe('an anonymous checkout quotes the new-membership price whatever the e-mail', () => {
  it('create-checkout-link: 89700 is refused alike, 149700 answers alike and charges 149700 (REST and tRPC)', async () => {
    const member = await makeMember(t);
    const forMember = await afterRegistration(member.email, 89700);
    const forStranger = await afterRegistration(STRANGER, 89700);
    expect(forMember.statusCode).toBe(400);
    expect(forMember.body).toBe(forStranger.body);
    expect(forMember.json()).toEqual({ error: 'Valor da assinatura inválido para este cliente' });

    const viaTrpc = await failure(
      t.caller().checkout.createCheckoutLink({ name: 'X', email: member.email, amount: 89700 }),
    );
    expect(viaTrpc).toEqual({
      code: 'BAD_REQUEST',
      message: 'Valor da assinatura inválido para este cliente',
    });

    const annualMember = await afterRegistration(member.email, 149700);
    const annualStranger = await afterRegistration(STRANGER, 149700);
    expect(annualMember.statusCode).toBe(200);
    expect(shapeOf(annualMember.json())).toEqual(shapeOf(annualStranger.json()));
    for (const answer of [annualMember, annualStranger]) {
      const id = answer.json<{ paymentLink: { id: string } }>().paymentLink.id;
      expect(amountAtProvider(id)).toBe(149700);
      const status = await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });
      expect(status.json()).toMatchObject({ planType: 'annual', amount: 149700 });
    }
  });

  it('create-public: `renewal` is refused with the same Portuguese words for a member and a stranger', async () => {
    const member = await makeMember(t);
    const answers = [];
    for (const email of [member.email, STRANGER]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/payment-links/create-public',
        payload: checkoutForm(email, 'renewal'),
      });
      expect(res.statusCode).toBe(400);
      answers.push(res.json());
      expect(await failure(t.caller().checkout.createPublicLink(checkoutForm(email, 'renewal')))).toEqual({
        code: 'BAD_REQUEST',
        message: RENEWAL_SIGN_IN,
      });
    }
    expect(answers).toEqual([{ error: RENEWAL_SIGN_IN }, { error: RENEWAL_SIGN_IN }]);
    expect(rows(t).links()).toHaveLength(0);

    const annual = await t.caller().checkout.createPublicLink(checkoutForm(member.email, 'annual'));
    if (!('paymentLink' in annual)) throw new Error('expected a link, got a held-back attempt');
    expect(amountAtProvider(annual.paymentLink.id)).toBe(149700);
  });

  it('the old in-page checkout refuses 89700 for a member’s e-mail as for a stranger’s', async () => {
    const member = await makeMember(t);
    const bodies = [];
    for (const email of [member.email, STRANGER]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/payments/process',
        payload: {
          customerData: {
            name: 'Alguém Qualquer',
            email,
            phone: '11987654321',
            cpf: '52998224725',
            address: {
              zipCode: '01001000',
              street: 'Praça da Sé',
              number: '100',
              complement: '',
              neighborhood: 'Sé',
              city: 'São Paulo',
              state: 'SP',
            },
          },
          paymentData: { amount: 89700 },
          paymentMethod: 'pix',
        },
      });
      expect(res.statusCode).toBe(400);
      bodies.push(res.json());
    }
    expect(bodies).toEqual([
      { error: 'Valor da assinatura inválido para este cliente' },
      { error: 'Valor da assinatura inválido para este cliente' },
    ]);
  });
});

describe('the renewal price where the person is proven', () => {
  it('signed in as the member: the portal renewal and create-checkout-link charge 89700', async () => {
    const member = await makeMember(t);
    const renewal = await t.caller(member.token).member.renew();
    expect(renewal).toMatchObject({ planType: 'renewal', amount: 89700 });
    expect(amountAtProvider(renewal.id)).toBe(89700);
    const own = await afterRegistration(member.email, 89700, member.token);
    expect(own.statusCode).toBe(200);
    expect(amountAtProvider(own.json<{ paymentLink: { id: string } }>().paymentLink.id)).toBe(89700);
  });

  it('an approved member who pays an anonymous link gets the year added to the current one', async () => {
    const member = await makeMember(t, { endInDays: 40 });
    const currentEnd = rows(t).subscriberByEmail(member.email)?.subscriptionEndDate?.getTime() ?? 0;
    const created = await afterRegistration(member.email, 149700);
    const id = created.json<{ paymentLink: { id: string } }>().paymentLink.id;
    const providerLinkId = rows(t).links()[0]?.providerLinkId ?? '';
    expect(
      (await pagarmeWebhook(t, fake.payLink(providerLinkId, { method: 'credit_card' }))).statusCode,
    ).toBe(200);
    const status = await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });
    expect(status.json()).toMatchObject({ status: 'paid', amount: 149700, planType: 'annual' });
    const after = rows(t).subscriberByEmail(member.email);
    expect(after?.status).toBe('active');
    expect(after?.subscriptionEndDate?.getTime()).toBe(currentEnd + 365 * DAY_MS);
    expect(after?.subscriptionPrice).toBe(149700);
  });
});
