/**
 * The shared mask definitions run through IMask itself: `typed` feeds digits one by one (as the
 * keyboard does), `pasted` feeds a whole text at once (as a paste or the browser's autofill does).
 */
import IMask, { type FactoryArg } from 'imask';
import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MASK, CEP_MASK, CPF_MASK, CVV_MASK, EXPIRY_MASK, PHONE_MASK } from './masks';

function typed(mask: FactoryArg, keys: string): string {
  const masked = IMask.createMask(mask);
  for (const key of keys) masked.append(key, { input: true });
  return masked.value;
}

const pasted = (mask: FactoryArg, text: string): string => IMask.pipe(text, mask);

describe('PHONE_MASK', () => {
  it('shapes landlines and mobiles while typing', () => {
    expect(typed(PHONE_MASK, '')).toBe('');
    expect(typed(PHONE_MASK, '1')).toBe('(1');
    expect(typed(PHONE_MASK, '11')).toBe('(11');
    expect(typed(PHONE_MASK, '113')).toBe('(11) 3');
    expect(typed(PHONE_MASK, '1198765')).toBe('(11) 9876-5');
    expect(typed(PHONE_MASK, '1133334444')).toBe('(11) 3333-4444');
    // The eleventh digit turns the landline layout into a mobile one.
    expect(typed(PHONE_MASK, '11987654321')).toBe('(11) 98765-4321');
  });

  it('ignores letters, accepts pasted punctuation and stops at 15 characters', () => {
    expect(typed(PHONE_MASK, '11a9')).toBe('(11) 9');
    expect(pasted(PHONE_MASK, '(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(typed(PHONE_MASK, '119876543210000')).toHaveLength(15);
  });

  it('drops the country code of a pasted international number', () => {
    expect(pasted(PHONE_MASK, '+55 (11) 98765-4321')).toBe('(11) 98765-4321');
    expect(pasted(PHONE_MASK, '5511987654321')).toBe('(11) 98765-4321');
    expect(pasted(PHONE_MASK, '+55 11 3333-4444')).toBe('(11) 3333-4444');
    // Eleven digits are a national number even when the area code is 55 (Rio Grande do Sul).
    expect(pasted(PHONE_MASK, '(55) 99876-5432')).toBe('(55) 99876-5432');
  });
});

describe('CPF_MASK', () => {
  it('builds 000.000.000-00 step by step and stops at 14 characters', () => {
    expect(typed(CPF_MASK, '529')).toBe('529');
    expect(typed(CPF_MASK, '5299')).toBe('529.9');
    expect(typed(CPF_MASK, '5299822')).toBe('529.982.2');
    expect(typed(CPF_MASK, '52998224725')).toBe('529.982.247-25');
    expect(typed(CPF_MASK, '5299822472599')).toBe('529.982.247-25');
  });

  it('keeps a pasted, already masked CPF and drops anything but digits', () => {
    expect(pasted(CPF_MASK, '529.982.247-25')).toBe('529.982.247-25');
    expect(pasted(CPF_MASK, '123.456')).toBe('123.456');
    expect(typed(CPF_MASK, 'abc529')).toBe('529');
  });
});

describe('CEP_MASK', () => {
  it('builds 00000-000 and stops at 9 characters', () => {
    expect(typed(CEP_MASK, '01310')).toBe('01310');
    expect(typed(CEP_MASK, '013101')).toBe('01310-1');
    expect(typed(CEP_MASK, '01310100999')).toBe('01310-100');
    expect(pasted(CEP_MASK, '01310-100')).toBe('01310-100');
  });
});

describe('card masks', () => {
  it('groups the number in fours, up to 19 digits', () => {
    expect(typed(CARD_NUMBER_MASK, '41111')).toBe('4111 1');
    expect(typed(CARD_NUMBER_MASK, '4111111111111111')).toBe('4111 1111 1111 1111');
    expect(typed(CARD_NUMBER_MASK, '12345678901234567890')).toBe('1234 5678 9012 3456 789');
    expect(pasted(CARD_NUMBER_MASK, '4111 1111 1111 1111')).toBe('4111 1111 1111 1111');
  });

  it('shapes the expiry as MM/AA and keeps the CVV to 4 digits', () => {
    expect(typed(EXPIRY_MASK, '1')).toBe('1');
    expect(typed(EXPIRY_MASK, '123')).toBe('12/3');
    expect(typed(EXPIRY_MASK, '123099')).toBe('12/30');
    expect(typed(CVV_MASK, '123')).toBe('123');
    expect(typed(CVV_MASK, '12a345')).toBe('1234');
  });
});
