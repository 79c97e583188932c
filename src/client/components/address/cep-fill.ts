/**
 * What a CEP lookup may do to an address a form already holds (ADR 033): it fills the parts that
 * are empty, and it replaces parts that hold something else only when the person says so. These
 * functions decide; `useCepAutofill` asks.
 */
import { BRAZIL_STATES } from '../../../shared/brazil';
import type { CepAddress } from '../../../shared/checkout-schemas';

/** The address parts a CEP answers for (the number and complement are never the lookup's). */
export interface AddressParts {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

export const ADDRESS_PART_KEYS = ['street', 'neighborhood', 'city', 'state'] as const;

/** The lookup's answer as address parts; what it does not know (or a state that is not a UF) is ''. */
function partsOf(found: CepAddress): AddressParts {
  const state = found.state.trim().toUpperCase();
  return {
    street: found.street.trim(),
    neighborhood: found.neighborhood.trim(),
    city: found.city.trim(),
    state: (BRAZIL_STATES as readonly string[]).includes(state) ? state : '',
  };
}

const same = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

/** The lookup's answer where it has one, what the form holds elsewhere ("Substituir"). */
export function replaceWithCep<T extends AddressParts>(current: T, found: CepAddress): T {
  const answer = partsOf(found);
  const next = { ...current };
  for (const key of ADDRESS_PART_KEYS) if (answer[key]) next[key] = answer[key];
  return next;
}

/** The lookup's answer only in the parts that are empty. */
export function fillEmptyFromCep<T extends AddressParts>(current: T, found: CepAddress): T {
  const answer = partsOf(found);
  const next = { ...current };
  for (const key of ADDRESS_PART_KEYS) if (!current[key].trim() && answer[key]) next[key] = answer[key];
  return next;
}

/** Parts the form holds that the lookup would change to something else. */
export function conflictingParts(current: AddressParts, found: CepAddress): (keyof AddressParts)[] {
  const answer = partsOf(found);
  return ADDRESS_PART_KEYS.filter(
    (key) => current[key].trim() && answer[key] && !same(current[key], answer[key]),
  );
}

/**
 * What to do with an answer: `fill` the empty parts right away (nothing typed is lost), or `ask`
 * first because the form holds a different address.
 */
export function planCepFill(current: AddressParts, found: CepAddress): 'fill' | 'ask' {
  return conflictingParts(current, found).length > 0 ? 'ask' : 'fill';
}

/** "Praça da Sé, Sé, São Paulo/SP": the answer as the question shows it. */
export function describeCepAddress(found: CepAddress): string {
  const answer = partsOf(found);
  const place = [answer.city, answer.state].filter(Boolean).join('/');
  return [answer.street, answer.neighborhood, place].filter(Boolean).join(', ');
}

export { formatCep } from '../../../shared/fields/rules';
