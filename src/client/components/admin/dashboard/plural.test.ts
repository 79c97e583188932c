import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one in the singular and any other count, zero too, in the plural with its thousands', () => {
    expect(plural(1, 'renovação manual', 'renovações manuais')).toBe('1 renovação manual');
    expect(plural(0, 'chargeback', 'chargebacks')).toBe('0 chargebacks');
    expect(plural(1234, 'chargeback', 'chargebacks')).toBe('1.234 chargebacks');
  });
});
