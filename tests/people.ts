/**
 * The people and places the tests type, written once. Type imports only: the client's and the
 * shared modules' tests use it as well as the server's.
 */
import type { CheckoutFormValues, OldCheckoutFormValues } from '../src/shared/checkout-schemas';

/**
 * Praça da Sé, São Paulo (CEP 01001-000, the ViaCEP fixture's): where the tests' buyers live. The
 * number, complement and CEP are each test's own (their spelling differs by shape).
 */
export const PRACA_DA_SE = {
  street: 'Praça da Sé',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

/** Mariana filling in /checkout as a person types it (masks included). */
export const MARIANA_AT_CHECKOUT = {
  name: 'Mariana Costa Ribeiro',
  email: 'mariana@example.com',
  phone: '(11) 98765-4321',
  document: '529.982.247-25',
  cep: '01001-000',
  ...PRACA_DA_SE,
  number: '101',
  complement: '',
} satisfies CheckoutFormValues;

/** Ana filling in /checkout/old to pay by PIX. */
export const ANA_AT_OLD_CHECKOUT = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  cep: '01001-000',
  street: 'Rua',
  number: '1',
  complement: '',
  neighborhood: 'Centro',
  city: 'São Paulo',
  state: 'SP',
  amount: 149700,
  paymentMethod: 'pix',
} satisfies OldCheckoutFormValues;
