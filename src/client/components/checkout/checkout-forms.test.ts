/**
 * What the checkout pages list when a submit is refused: react-hook-form's `zodResolver` with the
 * forms' schemas (made of the server's field schemas), then the page's spec order (`issuesOf`). The
 * cases the pages used to check by hand, whose messages differed from the server's (ADR 023).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkoutForm,
  oldCheckoutForm,
  type CheckoutFormValues,
  type OldCheckoutFormValues,
} from '../../../shared/checkout-schemas';
import { ANA_AT_OLD_CHECKOUT, MARIANA_AT_CHECKOUT } from '../../../../tests/people';
import { issuesOf } from './useFormErrors';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

async function refusedBy(
  schema: typeof checkoutForm | typeof oldCheckoutForm,
  values: CheckoutFormValues | OldCheckoutFormValues,
) {
  const resolve = zodResolver(schema as typeof checkoutForm) as unknown as (
    values: FieldValues,
    context: unknown,
    options: ResolverOptions<FieldValues>,
  ) => Promise<{ errors: FieldErrors }>;
  return issuesOf((await resolve(values, undefined, OPTIONS)).errors);
}
const listed = async (...args: Parameters<typeof refusedBy>) =>
  (await refusedBy(...args)).map((issue) => issue.message);

/** /checkout filled in as a person types it (masks included). */
const filled: CheckoutFormValues = MARIANA_AT_CHECKOUT;

const oldByPix: OldCheckoutFormValues = ANA_AT_OLD_CHECKOUT;
const card = {
  cardNumber: '4111 1111 1111 1111',
  cardHolderName: 'ANA SOUZA',
  expiryDate: '12/30',
  cvv: '123',
};
const oldByCard: OldCheckoutFormValues = { ...oldByPix, paymentMethod: 'credit_card', ...card };

describe('/checkout form (docs/product/public-site-and-checkout.md §5)', () => {
  it('accepts a filled form', async () => {
    expect(await listed(checkoutForm, filled)).toEqual([]);
  });

  it('lists every message of an empty form, in the spec order', async () => {
    const empty = Object.fromEntries(Object.keys(filled).map((key) => [key, ''])) as CheckoutFormValues;
    expect(await listed(checkoutForm, empty)).toEqual([
      'Nome é obrigatório',
      'Email é obrigatório',
      'Telefone é obrigatório',
      'CPF é obrigatório',
      'CEP é obrigatório',
      'Endereço é obrigatório',
      'Número é obrigatório',
      'Bairro é obrigatório',
      'Cidade é obrigatória',
      'Estado é obrigatório',
    ]);
  });

  it('a too-long phone says so (the page used to say "at least 10 digits")', async () => {
    expect(await refusedBy(checkoutForm, { ...filled, phone: '1'.repeat(31) })).toEqual([
      { field: 'phone', message: 'Telefone muito longo' },
    ]);
    // More than an international number's 15 digits (ADR 037: 14 or 15 pass).
    expect(await listed(checkoutForm, { ...filled, phone: '+55 11 98765-4321 123' })).toEqual([
      'Telefone muito longo',
    ]);
    expect(await listed(checkoutForm, { ...filled, phone: '+351 91 234 5678 90' })).toEqual([]);
    expect(await listed(checkoutForm, { ...filled, phone: '(11) 9876' })).toEqual([
      'Telefone deve ter pelo menos 10 dígitos',
    ]);
  });

  it('a CPF of the wrong length or with wrong check digits', async () => {
    expect(await refusedBy(checkoutForm, { ...filled, document: '123.456' })).toEqual([
      { field: 'document', message: 'CPF deve ter 11 dígitos' },
    ]);
    expect(await listed(checkoutForm, { ...filled, document: '529.982.247-26' })).toEqual(['CPF inválido']);
    expect(await listed(checkoutForm, { ...filled, document: '111.111.111-11' })).toEqual(['CPF inválido']);
  });

  it('a CEP without its 8 digits', async () => {
    expect(await refusedBy(checkoutForm, { ...filled, cep: '0100' })).toEqual([
      { field: 'cep', message: 'CEP deve ter 8 dígitos' },
    ]);
  });

  it('an e-mail without a domain (the page used to let it through to the server)', async () => {
    expect(await listed(checkoutForm, { ...filled, email: 'rui@invalido' })).toEqual(['Email inválido']);
    expect(await listed(checkoutForm, { ...filled, email: 'mariana@' })).toEqual(['Email inválido']);
  });

  it('a name, street or complement longer than the server keeps', async () => {
    expect(await listed(checkoutForm, { ...filled, name: 'A'.repeat(121) })).toEqual(['Nome muito longo']);
    expect(await listed(checkoutForm, { ...filled, name: '   ' })).toEqual(['Nome é obrigatório']);
    expect(await listed(checkoutForm, { ...filled, street: 'R'.repeat(201) })).toEqual([
      'Endereço muito longo',
    ]);
    expect(await refusedBy(checkoutForm, { ...filled, complement: 'x'.repeat(121) })).toEqual([
      { field: 'complement', message: 'Complemento muito longo' },
    ]);
  });

  it('missing customer fields first, then malformed ones (CPF before phone), then the address', async () => {
    expect(
      await listed(checkoutForm, {
        ...filled,
        name: '',
        email: 'ana@',
        phone: '(11) 9876',
        document: '529.982.247-26',
        state: 'XX',
      }),
    ).toEqual([
      'Nome é obrigatório',
      'Email inválido',
      'CPF inválido',
      'Telefone deve ter pelo menos 10 dígitos',
      'Estado inválido',
    ]);
  });
});

describe('/checkout/old form (docs/product/back-office-and-member-area.md §5)', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a filled form by PIX, and by card', async () => {
    expect(await listed(oldCheckoutForm, oldByPix)).toEqual([]);
    expect(await listed(oldCheckoutForm, oldByCard)).toEqual([]);
  });

  it('by card, lists every card message; the missing amount comes last', async () => {
    expect(
      await listed(oldCheckoutForm, {
        ...oldByCard,
        cardNumber: '',
        cardHolderName: '',
        expiryDate: '',
        cvv: '',
        amount: undefined,
      }),
    ).toEqual([
      'Número do cartão é obrigatório',
      'Nome no cartão é obrigatório',
      'Validade do cartão é obrigatória',
      'CVV é obrigatório',
      'Valor da assinatura não encontrado',
    ]);
  });

  it('by PIX, ignores the card fields typed before', async () => {
    const typedBefore = { ...oldByPix, ...card, cardNumber: '1234' } as OldCheckoutFormValues;
    expect(await listed(oldCheckoutForm, typedBefore)).toEqual([]);
  });

  it('malformed card fields', async () => {
    expect(
      await refusedBy(oldCheckoutForm, {
        ...oldByCard,
        cardNumber: '4111 1111 1111 1112',
        cardHolderName: 'A'.repeat(61),
        expiryDate: '13/30',
        cvv: '12',
      }),
    ).toEqual([
      { field: 'cardNumber', message: 'Número do cartão inválido' },
      { field: 'cardHolderName', message: 'Nome no cartão muito longo' },
      { field: 'expiryDate', message: 'Validade do cartão inválida (use MM/AA)' },
      { field: 'cvv', message: 'CVV inválido' },
    ]);
  });

  it('a card whose month is over is "Cartão vencido", by the browser’s clock', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] });
    expect(await refusedBy(oldCheckoutForm, { ...oldByCard, expiryDate: '10/26' })).toEqual([
      { field: 'expiryDate', message: 'Cartão vencido' },
    ]);
    expect(await listed(oldCheckoutForm, { ...oldByCard, expiryDate: '11/26' })).toEqual([]);
  });

  it('keeps its own name message and the customer rules of /checkout, with the input names', async () => {
    expect(
      await refusedBy(oldCheckoutForm, {
        ...oldByPix,
        name: '',
        email: 'ana@',
        phone: '1'.repeat(31),
        cpf: '',
        cep: '0100',
      }),
    ).toEqual([
      { field: 'name', message: 'Nome completo é obrigatório' },
      { field: 'cpf', message: 'CPF é obrigatório' },
      { field: 'email', message: 'Email inválido' },
      { field: 'phone', message: 'Telefone muito longo' },
      { field: 'cep', message: 'CEP deve ter 8 dígitos' },
    ]);
  });
});
