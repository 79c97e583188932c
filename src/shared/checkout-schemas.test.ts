import { describe, expect, it } from 'vitest';
import {
  checkoutFormErrors,
  checkoutFormIssues,
  checkoutPayloadOf,
  createPublicLinkInput,
  luhnValid,
  oldCheckoutFormErrors,
  oldCheckoutFormIssues,
  parseCardExpiry,
  type CheckoutFormValues,
} from './checkout-schemas';
import { planLabel } from './plans';

const filled: CheckoutFormValues = {
  name: 'Mariana Costa Ribeiro',
  email: 'mariana@example.com',
  phone: '(11) 98765-4321',
  document: '529.982.247-25',
  cep: '01001-000',
  street: 'Praça da Sé',
  number: '101',
  complement: '',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

describe('checkoutFormErrors (spec 01 §5)', () => {
  it('is empty for a filled form', () => {
    expect(checkoutFormErrors(filled)).toEqual([]);
  });

  it('lists every message of an empty form, in the spec order', () => {
    const empty = Object.fromEntries(
      Object.keys(filled).map((key) => [key, '']),
    ) as unknown as CheckoutFormValues;
    expect(checkoutFormErrors(empty)).toEqual([
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

  it('reports a malformed e-mail and a CPF of the wrong length or with wrong check digits', () => {
    expect(checkoutFormErrors({ ...filled, email: 'mariana@', document: '123.456' })).toEqual([
      'Email inválido',
      'CPF deve ter 11 dígitos',
    ]);
    expect(checkoutFormErrors({ ...filled, document: '529.982.247-26' })).toEqual(['CPF inválido']);
  });

  it('agrees with the server schema on the first message', () => {
    const result = createPublicLinkInput.safeParse({
      customerName: filled.name,
      customerEmail: filled.email,
      customerPhone: filled.phone,
      customerDocument: '529.982.247-26',
      customerCep: filled.cep,
      customerNumber: filled.number,
      customerStreet: filled.street,
      customerNeighborhood: filled.neighborhood,
      customerCity: filled.city,
      customerState: filled.state,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('CPF inválido');
  });
});

describe('old checkout helpers', () => {
  it('lists the card messages and the missing amount', () => {
    expect(
      oldCheckoutFormErrors({
        name: 'Ana',
        email: 'ana@example.com',
        phone: '11987654321',
        cpf: '52998224725',
        cep: '01001000',
        street: 'Rua',
        number: '1',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        amount: null,
        paymentMethod: 'credit_card',
      }),
    ).toEqual([
      'Número do cartão é obrigatório',
      'Nome no cartão é obrigatório',
      'Validade do cartão é obrigatória',
      'CVV é obrigatório',
      'Valor da assinatura não encontrado',
    ]);
  });

  it('checks the customer and address with the same rules as /checkout, keeping its own name message', () => {
    const base = {
      name: '',
      email: 'ana@',
      phone: '(11) 9876',
      cpf: '529.982.247-26',
      cep: '01001000',
      street: 'Rua',
      number: '1',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'XX',
      amount: 149700,
      paymentMethod: 'pix' as const,
    };
    expect(oldCheckoutFormErrors(base)).toEqual([
      'Nome completo é obrigatório',
      'Email inválido',
      'CPF inválido',
      'Telefone deve ter pelo menos 10 dígitos',
      'Estado inválido',
    ]);
    expect(
      checkoutFormErrors({
        ...filled,
        name: '',
        email: 'ana@',
        phone: '(11) 9876',
        document: base.cpf,
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

  it('checks the form with the server’s own schema: what the server refuses, the page refuses first', () => {
    expect(checkoutFormIssues({ ...filled, name: 'A'.repeat(121) })).toEqual([
      { field: 'name', message: 'Nome muito longo' },
    ]);
    // A too-long phone says so (it used to say "at least 10 digits").
    expect(checkoutFormIssues({ ...filled, phone: '1'.repeat(31) })).toEqual([
      { field: 'phone', message: 'Telefone muito longo' },
    ]);
    expect(checkoutFormIssues({ ...filled, phone: '11 98765-4321 1234' })).toEqual([
      { field: 'phone', message: 'Telefone muito longo' },
    ]);
    expect(checkoutFormIssues({ ...filled, email: 'rui@invalido' })).toEqual([
      { field: 'email', message: 'Email inválido' },
    ]);
    expect(checkoutFormIssues({ ...filled, complement: 'x'.repeat(101) })).toEqual([
      { field: 'complement', message: 'Complemento muito longo' },
    ]);
    for (const values of [
      filled,
      { ...filled, name: 'A'.repeat(121) },
      { ...filled, email: 'rui@invalido' },
    ]) {
      const server = createPublicLinkInput.safeParse(checkoutPayloadOf(values));
      expect(server.success).toBe(checkoutFormIssues(values).length === 0);
    }
  });

  it('names the field of each message (the input names of each form)', () => {
    expect(checkoutFormIssues({ ...filled, document: '', cep: '0100' })).toEqual([
      { field: 'document', message: 'CPF é obrigatório' },
      { field: 'cep', message: 'CEP deve ter 8 dígitos' },
    ]);
    expect(
      oldCheckoutFormIssues({
        name: 'Ana',
        email: 'ana@example.com',
        phone: '11987654321',
        cpf: '',
        cep: '01001000',
        street: 'Rua',
        number: '1',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        amount: '149700',
        paymentMethod: 'credit_card',
        cardNumber: '4111 1111 1111 1111',
        cardHolderName: 'ANA',
        expiryDate: '13/30',
        cvv: '123',
      }),
    ).toEqual([
      { field: 'cpf', message: 'CPF é obrigatório' },
      { field: 'expiryDate', message: 'Validade do cartão inválida (use MM/AA)' },
    ]);
  });

  it('checks card numbers with Luhn and reads MM/AA', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(parseCardExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry('13/30')).toBeNull();
  });

  it('labels plans as DECISIONS §4 says', () => {
    expect([planLabel('annual'), planLabel('renewal'), planLabel('monthly'), planLabel(undefined)]).toEqual([
      'Anual',
      'Renovação anual',
      'Mensal',
      'Mensal',
    ]);
  });
});
