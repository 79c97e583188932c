/**
 * A subscriber's address in each of its shapes, mapped in one place (ADR 037):
 * - the columns (`street`, `number`, `complement`, `neighborhood`, `city`, `state`, `zip_code`;
 *   NULL when not given) and the wizard's REST shape, both named like `AddressOf`;
 * - the back office's and the member's form and REST shape, whose street is `address`
 *   (docs/product/decisions.md §5), also the checkout's stored billing data;
 * - the checkout forms, whose CEP is `cep`;
 * - ViaCEP's answer (`logradouro`, `bairro`, `localidade`, `uf`, `cep`).
 * Only names and emptiness change here: the rules of each part are in `./schemas.ts`.
 */
import { digitsOf } from './rules';

/** The address by the columns' names, each part a `V` (string, or string | null when stored). */
export interface AddressOf<V> {
  street: V;
  number: V;
  complement: V;
  neighborhood: V;
  city: V;
  state: V;
  zipCode: V;
}

/** The back office's, the member's and the billing data's names: the street is `address`. */
export type SubscriberAddressOf<V> = Omit<AddressOf<V>, 'street'> & { address: V };

/** The checkout forms' names: the CEP is `cep`. */
export type CheckoutAddressOf<V> = Omit<AddressOf<V>, 'zipCode'> & { cep: V };

type Loose = string | null | undefined;

/** Every part a string, '' when not given (what an input or the wizard's answer shows). */
export function addressText(address: Partial<AddressOf<Loose>>): AddressOf<string> {
  return {
    street: address.street ?? '',
    number: address.number ?? '',
    complement: address.complement ?? '',
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zipCode: address.zipCode ?? '',
  };
}

/** The columns: a part not given ('' or missing) is NULL. */
export function addressColumns(address: Partial<AddressOf<Loose>>): AddressOf<string | null> {
  return {
    street: address.street || null,
    number: address.number || null,
    complement: address.complement || null,
    neighborhood: address.neighborhood || null,
    city: address.city || null,
    state: address.state || null,
    zipCode: address.zipCode || null,
  };
}

/** The parts every shape names alike, in the columns' order. */
function sameNamedParts<V>(address: Omit<AddressOf<V>, 'street' | 'zipCode'>) {
  return {
    number: address.number,
    complement: address.complement,
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
  };
}

/** Columns' names → the subscriber form's and REST names (street → `address`). */
export function subscriberAddressOf<V>(address: AddressOf<V>): SubscriberAddressOf<V> {
  return { address: address.street, ...sameNamedParts(address), zipCode: address.zipCode };
}

/** The subscriber form's and REST names → the columns' names (`address` → street). */
export function addressOfSubscriber<V>(address: SubscriberAddressOf<V>): AddressOf<V> {
  return { street: address.address, ...sameNamedParts(address), zipCode: address.zipCode };
}

/** The checkout forms' names → the columns' names (`cep` → zipCode). */
export function addressOfCheckout<V>(address: CheckoutAddressOf<V>): AddressOf<V> {
  return { street: address.street, ...sameNamedParts(address), zipCode: address.cep };
}

/** What ViaCEP answers for a CEP (the fields this app reads). */
export interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
}

/** A CEP's address as ViaCEP gives it; the CEP asked for stands in when the answer has none. */
export function addressOfViaCep(
  answer: ViaCepAnswer,
  askedCep: string,
): Omit<AddressOf<string>, 'number' | 'complement'> {
  return {
    street: answer.logradouro ?? '',
    neighborhood: answer.bairro ?? '',
    city: answer.localidade ?? '',
    state: answer.uf ?? '',
    zipCode: digitsOf(answer.cep ?? askedCep),
  };
}
