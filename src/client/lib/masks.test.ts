import { describe, expect, it } from 'vitest';
import {
  CEP_MAX_LENGTH,
  CPF_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  maskCardNumber,
  maskCep,
  maskCpfInput,
  maskCvv,
  maskExpiry,
  maskPhone,
} from './masks';

describe('maskPhone', () => {
  it('shapes landlines and mobiles while typing', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('113')).toBe('(11) 3');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('accepts pasted text with punctuation and stops at 15 characters', () => {
    expect(maskPhone('+55 (11) 98765-4321')).toBe('(55) 11987-6543');
    expect(maskPhone('(11) 98765-43210000')).toHaveLength(PHONE_MAX_LENGTH);
  });
});

describe('maskCpfInput', () => {
  it('builds 000.000.000-00 step by step', () => {
    expect(maskCpfInput('529')).toBe('529');
    expect(maskCpfInput('5299')).toBe('529.9');
    expect(maskCpfInput('5299822')).toBe('529.982.2');
    expect(maskCpfInput('52998224725')).toBe('529.982.247-25');
    expect(maskCpfInput('529.982.247-2599')).toHaveLength(CPF_MAX_LENGTH);
  });
});

describe('maskCep', () => {
  it('builds 00000-000', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100999')).toBe('01310-100');
    expect(maskCep('01310-100')).toHaveLength(CEP_MAX_LENGTH);
  });
});

describe('card masks', () => {
  it('groups the number, shapes MM/AA and keeps the CVV short', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('4111 1')).toBe('4111 1');
    expect(maskExpiry('1230')).toBe('12/30');
    expect(maskExpiry('1')).toBe('1');
    expect(maskCvv('12a345')).toBe('1234');
  });
});
