/**
 * The address block the checkouts and the profile-update wizard share: each form's inputs keep
 * their labels, names, sizes, autofill tokens and required marks (the browser tests find them by
 * label), and each form keeps its own classes and legend.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from '../checkout/AddressFields';
import { AddressFieldset } from './AddressFieldset';

// The lookup loads the data layer only once a CEP is typed; nothing is typed here.
vi.mock('../../lib/data-layer', () => ({ useDataLayer: () => ({ load: () => new Promise(() => {}) }) }));

function CheckoutForm({ children }: { children: ReactNode }) {
  const form = useForm<AddressValues>({ defaultValues: EMPTY_ADDRESS });
  return createElement(FormProvider<AddressValues>, { ...form, children });
}

/** The wizard's values keep the address under `address`, the CEP named `zipCode`. */
interface WizardValues {
  address: Omit<AddressValues, 'cep'> & { zipCode: string };
}

function WizardAddress() {
  const { cep, ...parts } = EMPTY_ADDRESS;
  const form = useForm<WizardValues>({ defaultValues: { address: { zipCode: cep, ...parts } } });
  return createElement(AddressFieldset<WizardValues, unknown, WizardValues>, {
    form,
    nameOf: (input) => (input === 'cep' ? 'address.zipCode' : `address.${input}`),
    look: 'wizard',
    legend: 'Endereço',
    neighborhoodOptional: true,
  });
}

/**
 * Each labelled control of server-rendered markup, by its label: its tag and attributes but its id
 * (names in lower case, as HTML reads them).
 */
function controls(html: string) {
  const found: Record<string, Record<string, string>> = {};
  for (const [, id, label] of html.matchAll(/<label class="field__label" for="([^"]+)">([^<]*)<\/label>/g)) {
    const tag = new RegExp(`<(input|select)([^>]*) id="${id}"([^>]*)>`).exec(html);
    if (!tag) throw new Error(`no control for ${label}`);
    const attributes = [...`${tag[2]} ${tag[3]}`.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name!.toLowerCase(),
      value,
    ]);
    const { id: _id, ...rest } = Object.fromEntries(attributes);
    found[label!] = { tag: tag[1]!, ...rest };
  }
  return found;
}

type Attributes = Record<string, string | undefined>;
const size = (part: keyof typeof FIELD_LIMITS) => String(FIELD_LIMITS[part]);
/** A text input's attributes but its id; required unless told. */
const input = (name: string, attributes: Attributes, required = true): Attributes => ({
  tag: 'input',
  class: 'field__input',
  name,
  ...attributes,
  'aria-required': required ? 'true' : undefined,
});

/** The checkout's controls by label, in their order, as they were before the block was shared. */
const CHECKOUT: Record<string, Attributes> = {
  CEP: input('cep', { autocomplete: 'postal-code', placeholder: '00000-000', inputmode: 'numeric' }),
  Número: input('number', { maxlength: size('number'), autocomplete: 'address-line2' }),
  'Endereço (rua, avenida)': input('street', { maxlength: size('street'), autocomplete: 'address-line1' }),
  Bairro: input('neighborhood', { maxlength: size('neighborhood') }),
  'Complemento (opcional)': input('complement', { maxlength: size('complement') }, false),
  Cidade: input('city', { maxlength: size('city'), autocomplete: 'address-level2' }),
  Estado: {
    ...input('state', { autocomplete: 'address-level1' }),
    tag: 'select',
    class: 'field__input co-select',
  },
};

/** The wizard's: the same, but under `address.` (the CEP as `zipCode`), the neighborhood optional. */
const WIZARD = Object.fromEntries(
  Object.entries(CHECKOUT).map(([label, control]) => {
    const name = control['name'] === 'cep' ? 'address.zipCode' : `address.${control['name']}`;
    if (label === 'Bairro') return ['Bairro (opcional)', { ...control, name, 'aria-required': undefined }];
    if (label === 'Estado') return [label, { ...control, name, class: 'field__input pu-select' }];
    return [label, { ...control, name }];
  }),
);

describe('AddressFieldset', () => {
  it('gives the checkout its billing address, every part but the complement required', () => {
    const html = renderToStaticMarkup(createElement(CheckoutForm, null, createElement(AddressFields)));
    expect(html).toContain('<fieldset class="co-section"><legend>Endereço de cobrança</legend>');
    for (const row of ['co-row co-row--cep', 'co-row co-row--2', 'co-row co-row--city']) {
      expect(html).toContain(`<div class="${row}">`);
    }
    const fields = controls(html);
    // The order too: toEqual does not compare it.
    expect(Object.keys(fields)).toEqual(Object.keys(CHECKOUT));
    expect(fields).toEqual(CHECKOUT);
  });

  it('gives the wizard its address under `address.`, the neighborhood optional', () => {
    const html = renderToStaticMarkup(createElement(WizardAddress));
    expect(html).toContain('<fieldset class="pu-group"><legend>Endereço</legend>');
    for (const row of ['pu-row pu-row--cep', 'pu-row', 'pu-row pu-row--city']) {
      expect(html).toContain(`<div class="${row}">`);
    }
    const fields = controls(html);
    // The order too: toEqual does not compare it.
    expect(Object.keys(fields)).toEqual(Object.keys(WIZARD));
    expect(fields).toEqual(WIZARD);
  });
});
