import { describe, expect, it } from 'vitest';
import {
  cpfProblem,
  digitsOf,
  isCepDigits,
  isNationalMobile,
  isNationalPhone,
  nationalPhoneDigits,
  phoneDigitsProblem,
  phoneMessage,
} from './rules';
import { FIELD_LIMITS } from './limits';
import {
  cepField,
  cpfField,
  emailField,
  nameField,
  optionalCepField,
  optionalCpfField,
  phoneField,
  stateField,
} from './schemas';

const PHONE = { required: 'obrigatório', tooShort: 'curto', tooLong: 'longo' };
const phone = phoneField(PHONE);
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('phone', () => {
  it.each([
    ['(11) 3456-7890', '1134567890'],
    ['(11) 98765-4321', '11987654321'],
    ['+55 (11) 98765-4321', '5511987654321'],
    ['55 11 3456-7890', '551134567890'],
    ['+351 912 345 678', '351912345678'],
    ['+49 1512 3456 7890', '49151234567890'],
  ])('%s is a phone, stored as its digits', (typed, digits) => {
    expect(phone.parse(typed)).toBe(digits);
  });

  it.each([
    ['', 'obrigatório'],
    ['   ', 'obrigatório'],
    ['abc', 'curto'],
    ['(11) 9876-543', 'curto'],
    ['1'.repeat(16), 'longo'],
    ['1'.repeat(FIELD_LIMITS.phoneTyped + 1), 'longo'],
  ])('%j is refused: %s', (typed, message) => {
    expect(messageOf(phone.safeParse(typed))).toBe(message);
  });

  it('takes 10 to 15 digits', () => {
    expect(phoneDigitsProblem('1'.repeat(9))).toBe('tooShort');
    expect(phoneDigitsProblem('1'.repeat(10))).toBeNull();
    expect(phoneDigitsProblem('1'.repeat(11))).toBeNull();
    expect(phoneDigitsProblem('1'.repeat(15))).toBeNull();
    expect(phoneDigitsProblem('1'.repeat(16))).toBe('tooLong');
    expect(phoneDigitsProblem('')).toBe('missing');
    expect(phoneMessage(' - ', PHONE)).toBe('obrigatório');
    expect(phoneMessage('11 98765-4321', PHONE)).toBeNull();
  });

  it('+55 normalisation: more than 11 digits starting with 55 lose the country code', () => {
    expect(nationalPhoneDigits('+55 (11) 98765-4321')).toBe('11987654321');
    expect(nationalPhoneDigits('55 11 3456-7890')).toBe('1134567890');
    // 11 digits or fewer are a national number, area code 55 included.
    expect(nationalPhoneDigits('(55) 98765-4321')).toBe('55987654321');
    expect(nationalPhoneDigits('(11) 98765-4321')).toBe('11987654321');
    expect(nationalPhoneDigits('+351 912 345 678')).toBe('351912345678');
  });

  it('a Brazilian number without +55 is an area code and 8 (landline) or 9 (mobile) digits', () => {
    expect(isNationalPhone('1134567890')).toBe(true);
    expect(isNationalPhone('11987654321')).toBe(true);
    expect(isNationalPhone('113456789')).toBe(false);
    expect(isNationalPhone('5511987654321')).toBe(false);
    expect(isNationalPhone('(11) 3456-7890')).toBe(false);
    expect(isNationalMobile('11987654321')).toBe(true);
    expect(isNationalMobile('11387654321')).toBe(false);
    expect(isNationalMobile('1134567890')).toBe(false);
  });
});

describe('CPF', () => {
  const cpf = cpfField({ required: 'obrigatório', length: '11 dígitos', invalid: 'inválido' });

  it('529.982.247-25 is valid, masked or plain, and stored as 11 digits', () => {
    expect(cpf.parse('529.982.247-25')).toBe('52998224725');
    expect(cpf.parse(' 52998224725 ')).toBe('52998224725');
    expect(cpfProblem('529.982.247-25')).toBeNull();
  });

  it.each([
    ['529.982.247-26', 'inválido'],
    ['529.982.247-15', 'inválido'],
    ['111.111.111-11', 'inválido'],
    ['000.000.000-00', 'inválido'],
    ['529.982.247', '11 dígitos'],
    ['5299822472555', '11 dígitos'],
    ['', 'obrigatório'],
    ['1'.repeat(FIELD_LIMITS.cpfTyped + 1), '11 dígitos'],
  ])('%j is refused: %s', (typed, message) => {
    expect(messageOf(cpf.safeParse(typed))).toBe(message);
  });

  it('an optional CPF: blank is null, a filled one follows the rule', () => {
    const optional = optionalCpfField({ length: '11 dígitos', invalid: 'inválido' });
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('529.982.247-25')).toBe('52998224725');
    expect(messageOf(optional.safeParse('529.982.247-26'))).toBe('inválido');
    expect(messageOf(optional.safeParse('123'))).toBe('11 dígitos');
  });
});

describe('CEP', () => {
  const cep = cepField({ required: 'obrigatório', length: '8 dígitos' });

  it('8 digits, masked or plain', () => {
    expect(cep.parse('01001-000')).toBe('01001000');
    expect(cep.parse('01001000')).toBe('01001000');
    expect(isCepDigits('01001000')).toBe(true);
    expect(isCepDigits('0100100')).toBe(false);
  });

  it.each([
    ['', 'obrigatório'],
    ['0100-100', '8 dígitos'],
    ['01001-0001', '8 dígitos'],
    ['01001-000-000', '8 dígitos'],
  ])('%j is refused: %s', (typed, message) => {
    expect(messageOf(cep.safeParse(typed))).toBe(message);
  });

  it('an optional CEP: blank is null', () => {
    const optional = optionalCepField({ length: '8 dígitos' });
    expect(optional.parse('')).toBeNull();
    expect(optional.parse('01001-000')).toBe('01001000');
    expect(messageOf(optional.safeParse('0100'))).toBe('8 dígitos');
  });
});

describe('name, e-mail and state', () => {
  const name = nameField({ required: 'obrigatório', tooLong: 'longo' });

  it(`a name takes up to ${FIELD_LIMITS.name} characters, trimmed`, () => {
    expect(name.parse('  Maria  ')).toBe('Maria');
    expect(name.safeParse('A'.repeat(FIELD_LIMITS.name)).success).toBe(true);
    expect(messageOf(name.safeParse('A'.repeat(FIELD_LIMITS.name + 1)))).toBe('longo');
    expect(messageOf(name.safeParse('   '))).toBe('obrigatório');
    expect(
      messageOf(nameField({ required: 'r', tooLong: 'l' }, FIELD_LIMITS.namePart).safeParse('A'.repeat(61))),
    ).toBe('l');
  });

  it('an e-mail is trimmed and lower-cased, unless its case is kept', () => {
    const email = emailField({ required: 'obrigatório', invalid: 'inválido' });
    expect(email.parse(' Rui@Exemplo.COM ')).toBe('rui@exemplo.com');
    expect(emailField({ required: 'r', invalid: 'i' }, { keepCase: true }).parse('Rui@Exemplo.com')).toBe(
      'Rui@Exemplo.com',
    );
    expect(messageOf(email.safeParse(''))).toBe('obrigatório');
    expect(messageOf(email.safeParse('rui@'))).toBe('inválido');
    expect(messageOf(email.safeParse(`${'a'.repeat(250)}@x.com`))).toBe('inválido');
  });

  it('a state is one of the 27 UFs, upper-cased', () => {
    const state = stateField({ required: 'obrigatório', invalid: 'inválido' });
    expect(state.parse(' sp ')).toBe('SP');
    expect(messageOf(state.safeParse('XX'))).toBe('inválido');
    expect(messageOf(state.safeParse(''))).toBe('obrigatório');
  });

  it('digitsOf keeps only digits', () => {
    expect(digitsOf('+55 (11) 98765-4321')).toBe('5511987654321');
  });
});
