import { describe, expect, it } from 'vitest';
import { settingsForm } from './settings-schemas';
import { subscriberInput } from './subscriber-schemas';
import { centsToReais, MONEY_MSG, moneyTextProblem, reaisToCents } from './money-text';

describe('money typed the Brazilian way', () => {
  it('reads the decimal comma and the thousands point into cents', () => {
    expect(reaisToCents('897,00')).toBe(89700);
    expect(reaisToCents('1.497,00')).toBe(149700);
    expect(reaisToCents('1497')).toBe(149700);
    expect(reaisToCents('1.497')).toBe(149700);
    expect(reaisToCents('R$ 89,9')).toBe(8990);
    expect(reaisToCents('0,00')).toBe(0);
    expect(centsToReais(149700)).toBe('1.497,00');
  });

  it('refuses a decimal point and anything that is not an amount, instead of guessing', () => {
    for (const text of ['1497.00', '1.49700', '1,497.00', '12,345', 'abc', '', '-10']) {
      expect(reaisToCents(text), text).toBeNull();
      expect(moneyTextProblem(text), text).toBe(MONEY_MSG.invalid);
    }
  });

  it('refuses an implausible amount: "89700" is not a club price', () => {
    expect(moneyTextProblem('89700')).toBe(MONEY_MSG.tooHigh);
    expect(moneyTextProblem('89.700,00')).toBe(MONEY_MSG.tooHigh);
    expect(moneyTextProblem('20.000,00')).toBeNull();
  });

  it('the subscriber and settings schemas (server and form) refuse it with the same message', () => {
    const subscriber = subscriberInput.safeParse({
      fullName: 'Ana',
      email: 'ana@exemplo.com.br',
      phone: '11987654321',
      status: 'active',
      subscriptionPrice: 8_970_000,
    });
    expect(subscriber.success).toBe(false);
    expect(subscriber.error?.issues.map((issue) => issue.message)).toContain(MONEY_MSG.tooHigh);
    const settings = settingsForm.safeParse({ priceAnnual: '149700', priceRenewal: '897,00' });
    expect(settings.error?.issues.find((issue) => issue.path[0] === 'priceAnnual')?.message).toBe(
      MONEY_MSG.tooHigh,
    );
    expect(settings.error?.issues.some((issue) => issue.path[0] === 'priceRenewal')).toBe(false);
  });
});
