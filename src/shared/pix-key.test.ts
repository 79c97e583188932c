import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPixKey, isValidCnpj, normalizePixKey, PIX_KEY_MSG } from './pix-key';

describe('normalizePixKey: every key type in the DICT format', () => {
  it.each([
    ['CPF, masked', '529.982.247-25', 'cpf', '52998224725'],
    ['CPF, digits', ' 52998224725 ', 'cpf', '52998224725'],
    ['CNPJ, masked', '11.222.333/0001-81', 'cnpj', '11222333000181'],
    ['CNPJ, digits', '11222333000181', 'cnpj', '11222333000181'],
    ['alphanumeric CNPJ, masked and lower-case', '12.abc.345/01de-35', 'cnpj', '12ABC34501DE35'],
    ['phone with +55 and spaces', '+55 11 98765-4321', 'phone', '+5511987654321'],
    ['phone with the usual mask', '(21) 99876-5432', 'phone', '+5521998765432'],
    ['phone, 11 digits that are not a CPF', '11987654321', 'phone', '+5511987654321'],
    ['phone, 55 + DDD + number', '5511987654321', 'phone', '+5511987654321'],
    ['e-mail, mixed case', '  Financeiro@Confraria.COM.br ', 'email', 'financeiro@confraria.com.br'],
    [
      'random key, upper-case',
      '123E4567-E89B-12D3-A456-426614174000',
      'evp',
      '123e4567-e89b-12d3-a456-426614174000',
    ],
    [
      'random key without hyphens',
      '123e4567e89b12d3a456426614174000',
      'evp',
      '123e4567-e89b-12d3-a456-426614174000',
    ],
  ])('%s', (_label, typed, type, key) => {
    expect(normalizePixKey(typed)).toEqual({ ok: true, type, key });
  });

  it('is stable: a normalized key normalizes to itself', () => {
    for (const typed of [
      '52998224725',
      '11222333000181',
      '+5511987654321',
      'a@b.co',
      '123e4567-e89b-12d3-a456-426614174000',
    ]) {
      const first = normalizePixKey(typed);
      expect(first.ok).toBe(true);
      if (first.ok) expect(normalizePixKey(first.key)).toEqual(first);
    }
  });
});

describe('normalizePixKey: refusals in Portuguese', () => {
  it.each([
    ['empty', '   ', PIX_KEY_MSG.required],
    ['CPF with wrong check digits', '529.982.247-24', PIX_KEY_MSG.cpf],
    ['CPF of one repeated digit', '111.111.111-11', PIX_KEY_MSG.cpf],
    ['CNPJ with wrong check digits', '11.222.333/0001-82', PIX_KEY_MSG.cnpj],
    ['CNPJ of one repeated digit', '00000000000000', PIX_KEY_MSG.cnpj],
    ['foreign phone', '+1 202 555 0100', PIX_KEY_MSG.phone],
    ['landline (PIX phone keys are mobile numbers)', '(11) 3456-7890', PIX_KEY_MSG.phone],
    ['phone without DDD', '+55 98765-4321', PIX_KEY_MSG.phone],
    ['e-mail without domain', 'contato@', PIX_KEY_MSG.email],
    ['e-mail longer than 77 characters', `${'a'.repeat(70)}@exemplo.com`, PIX_KEY_MSG.email],
    ['random key one character short', '123e4567-e89b-12d3-a456-42661417400', PIX_KEY_MSG.invalid],
    ['words', 'minha chave', PIX_KEY_MSG.invalid],
    ['10 digits', '1134567890', PIX_KEY_MSG.invalid],
  ])('%s', (_label, typed, message) => {
    expect(normalizePixKey(typed)).toEqual({ ok: false, message });
  });
});

describe('isValidCnpj', () => {
  it('checks both digits, numeric and alphanumeric', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000191')).toBe(false);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
  });
});

// ADR 031: an 11-digit number that is both a valid CPF and a mobile number was stored as a CPF.
describe('normalizePixKey: a key that is both a CPF and a mobile number', () => {
  const BOTH = [
    { type: 'cpf', key: '11910086304' },
    { type: 'phone', key: '+5511910086304' },
  ];

  it.each(['11910086304', '11 91008-6304', ' 11 91008 6304 ', '11.91008.6304'])(
    '%s is not taken as either until the type is given',
    (typed) => {
      expect(normalizePixKey(typed)).toEqual({ ok: false, message: PIX_KEY_MSG.ambiguous, choices: BOTH });
    },
  );

  it('the chosen reading is the one stored', () => {
    expect(normalizePixKey('11 91008-6304', 'phone')).toEqual({
      ok: true,
      type: 'phone',
      key: '+5511910086304',
    });
    expect(normalizePixKey('11 91008-6304', 'cpf')).toEqual({ ok: true, type: 'cpf', key: '11910086304' });
  });

  it('what was typed decides when it can: the area code in parentheses, +55, the CPF mask', () => {
    expect(normalizePixKey('(11) 91008-6304')).toEqual({ ok: true, type: 'phone', key: '+5511910086304' });
    expect(normalizePixKey('+55 11 91008-6304')).toEqual({ ok: true, type: 'phone', key: '+5511910086304' });
    expect(normalizePixKey('119.100.863-04')).toEqual({ ok: true, type: 'cpf', key: '11910086304' });
  });

  it('a stored key reads back as itself with its type', () => {
    for (const reading of BOTH) {
      expect(normalizePixKey(reading.key, reading.type as 'cpf' | 'phone')).toEqual({ ok: true, ...reading });
    }
  });

  it('a number under an area code nobody uses is no phone: 529.982.247-25 typed bare is a CPF only', () => {
    expect(normalizePixKey('52998224725')).toEqual({ ok: true, type: 'cpf', key: '52998224725' });
    expect(normalizePixKey('(20) 98765-4321')).toEqual({ ok: false, message: PIX_KEY_MSG.phone });
  });

  it('a type the key cannot have is refused in Portuguese', () => {
    expect(normalizePixKey('financeiro@confraria.com.br', 'cpf')).toEqual({
      ok: false,
      message: 'Chave PIX inválida: esta chave não é do tipo CPF',
    });
    expect(normalizePixKey('11987654321', 'cpf')).toEqual({
      ok: false,
      message: 'Chave PIX inválida: esta chave não é do tipo CPF',
    });
    expect(normalizePixKey('529.982.247-24', 'cpf')).toEqual({ ok: false, message: PIX_KEY_MSG.cpf });
  });

  it('formats each reading as people read it', () => {
    expect(BOTH.map((reading) => formatPixKey(reading as never))).toEqual([
      '119.100.863-04',
      '+55 11 91008-6304',
    ]);
    expect(formatPixKey({ type: 'cnpj', key: '11222333000181' })).toBe('11.222.333/0001-81');
  });
});

describe('normalizePixKey: the CPF vectors (fixtures/cpf.json) as PIX keys', () => {
  const vectors = JSON.parse(
    fs.readFileSync(new URL('../../tests/fixtures/cpf.json', import.meta.url), 'utf8'),
  ) as {
    valid: { input: string; digits: string }[];
    invalid: { input: string; category: string }[];
  };

  it.each(vectors.valid)('valid $input is a CPF key when CPF is chosen', ({ input, digits }) => {
    expect(normalizePixKey(input, 'cpf')).toEqual({ ok: true, type: 'cpf', key: digits });
  });

  it.each(vectors.invalid.filter((entry) => entry.category !== 'format'))(
    'invalid $input ($category) is never a CPF key',
    ({ input }) => {
      expect(normalizePixKey(input, 'cpf').ok).toBe(false);
    },
  );
});
