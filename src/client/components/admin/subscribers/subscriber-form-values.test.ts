/**
 * The admin form's conversions: a stored record shown in the form (masks, calendar days in São
 * Paulo), and an unchanged date keeping its stored instant when the form is saved.
 */
import { describe, expect, it } from 'vitest';
import { subscriberInput, type SubscriberRecord } from '../../../../shared/subscriber-schemas';
import { calendarDay, emptyForm, formStateOf, keepStoredInstants } from './subscriber-form-values';

const record = {
  id: 's1',
  fullName: 'Helena Duarte',
  email: 'helena@exemplo.com.br',
  phone: '21998765432',
  cpf: '52998224725',
  birthDate: '1980-05-17',
  gender: 'feminine',
  profession: null,
  shirtSize: 'G',
  winePreference: null,
  address: 'Praça da Sé',
  number: null,
  complement: null,
  neighborhood: null,
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01001000',
  status: 'active',
  subscriptionPrice: 149700,
  // 01:30 UTC is still the previous day in São Paulo.
  subscriptionStartDate: '2026-01-10T01:30:00.000Z',
  subscriptionEndDate: '2027-01-10T01:30:00.000Z',
  adminNotes: null,
} as unknown as SubscriberRecord;

describe('formStateOf', () => {
  it('shows stored digits masked and instants as São Paulo calendar days', () => {
    const form = formStateOf(record);
    expect(form).toMatchObject({
      phone: '(21) 99876-5432',
      cpf: '529.982.247-25',
      zipCode: '01001-000',
      subscriptionStartDate: '2026-01-09',
      subscriptionEndDate: '2027-01-09',
      profession: '',
    });
    // What the form shows is valid input for the shared schema as it is.
    expect(subscriberInput.safeParse(form).success).toBe(true);
  });
});

describe('keepStoredInstants', () => {
  it('keeps the stored instant of a date left unchanged, and takes a changed one', () => {
    const parsed = subscriberInput.parse({ ...formStateOf(record), subscriptionEndDate: '2027-02-01' });
    const kept = keepStoredInstants(parsed, record);
    expect(kept.subscriptionStartDate).toBe('2026-01-10T01:30:00.000Z');
    expect(kept.subscriptionEndDate).toBe('2027-02-01T12:00:00.000Z');
  });

  it('calendarDay is empty for no date', () => {
    expect(calendarDay(null)).toBe('');
  });
});

describe('a new subscriber', () => {
  it('starts with every address part empty', () => {
    const { address, number, complement, neighborhood, city, state, zipCode } = emptyForm(149700);
    expect([address, number, complement, neighborhood, city, state, zipCode]).toEqual(Array(7).fill(''));
  });

  it('starts at the annual price it is given: the one of Configurações', () => {
    expect(emptyForm(169900).subscriptionPrice).toBe(169900);
  });
});
