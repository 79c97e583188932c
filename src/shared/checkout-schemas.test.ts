import { describe, expect, it } from 'vitest';
import {
  cardExpired,
  checkoutForm,
  checkoutPayloadOf,
  createPublicLinkInput,
  inSpecOrder,
  luhnValid,
  oldCheckoutForm,
  parseCardExpiry,
  processPaymentInput,
  processPaymentPayloadOf,
  type CheckoutFormValues,
} from './checkout-schemas';
import { ANA_AT_OLD_CHECKOUT, MARIANA_AT_CHECKOUT } from '../../tests/people';
import { planLabel } from './plans';

/** Typed with a capital and a trailing space: the server keeps the e-mail trimmed, in lower case. */
const filled = { ...MARIANA_AT_CHECKOUT, email: 'Mariana@Example.com ' } satisfies CheckoutFormValues;

/** Every message the schema gives (the server answers the first). */
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the /checkout form and the server parse the same fields (ADR 023)', () => {
  it.each<[string, Partial<CheckoutFormValues>]>([
    ['a filled form', {}],
    ['a too-long phone', { phone: '1'.repeat(31) }],
    ['a phone of 14 digits', { phone: '11 98765-4321 1234' }],
    ['a phone of 16 digits', { phone: '+55 11 98765-4321 123' }],
    ['a short phone', { phone: '(11) 9876' }],
    ['a CPF with wrong check digits', { document: '529.982.247-26' }],
    ['a short CPF', { document: '123.456' }],
    ['a short CEP', { cep: '0100' }],
    ['an e-mail without a domain', { email: 'rui@invalido' }],
    ['a too-long name', { name: 'A'.repeat(121) }],
    ['a blank name', { name: '  ' }],
    ['an unknown state', { state: 'XX' }],
    ['a too-long complement', { complement: 'x'.repeat(121) }],
  ])('%s: the server refuses exactly what the page refuses, with the same words', (_case, change) => {
    const values = { ...filled, ...change };
    const page = checkoutForm.safeParse(values);
    const server = createPublicLinkInput.safeParse(checkoutPayloadOf(values));
    expect(server.success).toBe(page.success);
    expect(messagesOf(server).sort()).toEqual(messagesOf(page).sort());
  });

  it('the server accepts what the page sends (the accepted form, normalised) and stores the same', () => {
    const accepted = checkoutForm.parse(filled);
    expect(accepted).toMatchObject({
      email: 'mariana@example.com',
      phone: '11987654321',
      document: '52998224725',
      cep: '01001000',
    });
    const payload = checkoutPayloadOf(accepted, 'AMIGO2024');
    expect(payload).toMatchObject({ planType: 'annual', ref: 'AMIGO2024', customerName: filled.name });
    expect(createPublicLinkInput.parse(payload)).toEqual(
      createPublicLinkInput.parse(checkoutPayloadOf({ ...filled }, 'AMIGO2024')),
    );
  });
});

describe('the /checkout/old form and POST /api/payments/process', () => {
  /** With a complement, the state in lower case and the amount as text. */
  const oldForm = { ...ANA_AT_OLD_CHECKOUT, complement: 'Casa 2', state: 'sp', amount: '149700' };

  it('the accepted form is a payload the server accepts, without any card', () => {
    const accepted = oldCheckoutForm.parse(oldForm);
    const payload = processPaymentPayloadOf(accepted, 'pay_1');
    expect(payload).toEqual({
      paymentMethod: 'pix',
      customerData: {
        name: 'Ana Souza',
        email: 'ana@example.com',
        phone: '11987654321',
        cpf: '52998224725',
        address: {
          street: 'Rua',
          number: '1',
          complement: 'Casa 2',
          neighborhood: 'Centro',
          city: 'São Paulo',
          state: 'SP',
          zipCode: '01001000',
        },
      },
      paymentData: { amount: 149700 },
      paymentId: 'pay_1',
    });
    expect(processPaymentInput.safeParse(payload).success).toBe(true);
  });

  it('the customer and address messages are the server’s', () => {
    const values = { ...oldForm, name: '', phone: '1'.repeat(31), cep: '0100', state: 'XX' };
    const page = oldCheckoutForm.safeParse(values);
    const server = processPaymentInput.safeParse({
      paymentMethod: 'pix',
      customerData: {
        name: values.name,
        email: values.email,
        phone: values.phone,
        cpf: values.cpf,
        address: { ...values, zipCode: values.cep },
      },
      paymentData: { amount: values.amount },
    });
    expect(messagesOf(server).sort()).toEqual(messagesOf(page).sort());
    expect(messagesOf(page)).toContain('Nome completo é obrigatório');
  });
});

describe('inSpecOrder', () => {
  it('missing customer fields, malformed ones (CPF before phone), the address, the card, the amount', () => {
    const issues = [
      { field: 'amount', message: 'Valor da assinatura não encontrado' },
      { field: 'cvv', message: 'CVV é obrigatório' },
      { field: 'state', message: 'Estado inválido' },
      { field: 'cep', message: 'CEP é obrigatório' },
      { field: 'phone', message: 'Telefone deve ter pelo menos 10 dígitos' },
      { field: 'cpf', message: 'CPF inválido' },
      { field: 'email', message: 'Email é obrigatório' },
      { field: 'cardNumber', message: 'Número do cartão inválido' },
    ];
    expect(inSpecOrder(issues).map((issue) => issue.field)).toEqual([
      'email',
      'cpf',
      'phone',
      'cep',
      'state',
      'cardNumber',
      'cvv',
      'amount',
    ]);
  });
});

describe('card helpers', () => {
  it('checks card numbers with Luhn and reads MM/AA', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(parseCardExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry('13/30')).toBeNull();
  });

  it('a card is valid through the last day of its month', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(cardExpired('11/26', now)).toBe(false);
    expect(cardExpired('10/26', now)).toBe(true);
    expect(cardExpired('01/20', now)).toBe(true);
    // Not MM/AA: the format's own message, not "Cartão vencido".
    expect(cardExpired('13/20', now)).toBe(false);
  });
});

describe('plans', () => {
  it('labels plans as docs/product/decisions.md §4 says', () => {
    expect([planLabel('annual'), planLabel('renewal'), planLabel('monthly'), planLabel(undefined)]).toEqual([
      'Anual',
      'Renovação anual',
      'Mensal',
      'Mensal',
    ]);
  });
});
