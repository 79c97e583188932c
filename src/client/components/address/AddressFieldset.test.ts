/**
 * The address block the checkouts and the profile-update wizard share: each form's inputs keep
 * their labels, names, sizes, autofill tokens and required marks (the browser tests find them by
 * label), and each form keeps its own classes and legend.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_LIMITS } from '../../../shared/fields/rules';
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
 * Each labelled control of server-rendered markup, by its label: its tag and attributes (names in
 * lower case, as HTML reads them).
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
    found[label!] = { tag: tag[1]!, ...Object.fromEntries(attributes) };
  }
  return found;
}

describe('AddressFieldset', () => {
  it('gives the checkout its billing address, every part but the complement required', () => {
    const html = renderToStaticMarkup(createElement(CheckoutForm, null, createElement(AddressFields)));
    expect(html).toContain('<fieldset class="co-section"><legend>Endereço de cobrança</legend>');
    expect(html).toContain('<div class="co-row co-row--cep">');
    expect(html).toContain('<div class="co-row co-row--2">');
    expect(html).toContain('<div class="co-row co-row--city">');
    const fields = controls(html);
    expect(Object.keys(fields)).toEqual([
      'CEP',
      'Número',
      'Endereço (rua, avenida)',
      'Bairro',
      'Complemento (opcional)',
      'Cidade',
      'Estado',
    ]);
    expect(fields['CEP']).toMatchObject({
      name: 'cep',
      autocomplete: 'postal-code',
      placeholder: '00000-000',
      inputmode: 'numeric',
      'aria-required': 'true',
    });
    expect(fields['Número']).toMatchObject({
      name: 'number',
      maxlength: String(FIELD_LIMITS.number),
      autocomplete: 'address-line2',
      'aria-required': 'true',
    });
    expect(fields['Endereço (rua, avenida)']).toMatchObject({
      name: 'street',
      maxlength: String(FIELD_LIMITS.street),
      autocomplete: 'address-line1',
      'aria-required': 'true',
    });
    expect(fields['Bairro']).toMatchObject({
      name: 'neighborhood',
      maxlength: String(FIELD_LIMITS.neighborhood),
      'aria-required': 'true',
    });
    expect(fields['Bairro']).not.toHaveProperty('autocomplete');
    expect(fields['Complemento (opcional)']).toMatchObject({
      name: 'complement',
      maxlength: String(FIELD_LIMITS.complement),
    });
    expect(fields['Complemento (opcional)']).not.toHaveProperty('aria-required');
    expect(fields['Cidade']).toMatchObject({
      name: 'city',
      maxlength: String(FIELD_LIMITS.city),
      autocomplete: 'address-level2',
      'aria-required': 'true',
    });
    expect(fields['Estado']).toMatchObject({
      tag: 'select',
      name: 'state',
      class: 'field__input co-select',
      autocomplete: 'address-level1',
      'aria-required': 'true',
    });
  });

  it('gives the wizard its address under `address.`, the neighborhood optional', () => {
    const html = renderToStaticMarkup(createElement(WizardAddress));
    expect(html).toContain('<fieldset class="pu-group"><legend>Endereço</legend>');
    expect(html).toContain('<div class="pu-row pu-row--cep">');
    expect(html).toContain('<div class="pu-row">');
    expect(html).toContain('<div class="pu-row pu-row--city">');
    const fields = controls(html);
    expect(Object.keys(fields)).toEqual([
      'CEP',
      'Número',
      'Endereço (rua, avenida)',
      'Bairro (opcional)',
      'Complemento (opcional)',
      'Cidade',
      'Estado',
    ]);
    expect(fields['CEP']).toMatchObject({ name: 'address.zipCode', 'aria-required': 'true' });
    expect(fields['Número']).toMatchObject({ name: 'address.number', 'aria-required': 'true' });
    expect(fields['Bairro (opcional)']).toMatchObject({
      name: 'address.neighborhood',
      maxlength: String(FIELD_LIMITS.neighborhood),
    });
    expect(fields['Bairro (opcional)']).not.toHaveProperty('aria-required');
    expect(fields['Estado']).toMatchObject({ name: 'address.state', class: 'field__input pu-select' });
  });
});
