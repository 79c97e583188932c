import { describe, expect, it } from 'vitest';
import {
  addressColumns,
  addressOfCheckout,
  addressOfSubscriber,
  addressOfViaCep,
  addressText,
  subscriberAddressOf,
} from './address';
import { PRACA_DA_SE } from '../../../tests/people';

const columns = { ...PRACA_DA_SE, number: '100', complement: null, zipCode: '01001000' };

describe('one mapper between the address shapes', () => {
  it('columns ↔ text: NULL is "", "" is NULL', () => {
    expect(addressText(columns)).toEqual({ ...columns, complement: '' });
    expect(addressColumns(addressText(columns))).toEqual(columns);
    expect(addressText({})).toEqual(addressText({ street: null, zipCode: undefined }));
  });

  it('the subscriber form and REST call the street `address`, and only the address parts are taken', () => {
    const row = { ...columns, id: 's1', name: 'Maria' };
    const record = subscriberAddressOf(row);
    const { street, ...sameNamed } = columns;
    expect(record).toEqual({ address: street, ...sameNamed });
    expect(Object.keys(record)).not.toContain('name');
    expect(addressOfSubscriber(record)).toEqual(columns);
  });

  it('the checkout forms call the CEP `cep`', () => {
    const { zipCode, ...rest } = addressText(columns);
    const form = { ...rest, cep: zipCode, name: 'Maria' };
    expect(addressOfCheckout(form)).toEqual(addressText(columns));
  });

  it("ViaCEP's answer: its names, digits for the CEP, the CEP asked for when it says none", () => {
    expect(
      addressOfViaCep(
        { cep: '01001-000', logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
        '01001000',
      ),
    ).toEqual({ ...PRACA_DA_SE, zipCode: '01001000' });
    expect(addressOfViaCep({}, '01001000')).toEqual({
      street: '',
      neighborhood: '',
      city: '',
      state: '',
      zipCode: '01001000',
    });
  });
});
