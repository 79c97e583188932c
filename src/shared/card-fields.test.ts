import { describe, expect, it } from 'vitest';
import { brazilianPhoneParts, pagarmeHolderName } from './card-fields';

describe('pagarmeHolderName: letters and spaces, at most 64', () => {
  it.each([
    ['MARIANA C RIBEIRO', 'MARIANA C RIBEIRO'],
    ['  Mariana   Costa  ', 'Mariana Costa'],
    ["João D'Ávila", 'João D Ávila'],
    ['Ana-Maria S. Pereira', 'Ana Maria S Pereira'],
    ['Maria 2ª via', 'Maria via'],
    ['José 123 Silva!!', 'José Silva'],
    ['Jose\u0301 Conceic\u0327a\u0303o', 'José Conceição'],
  ])('%j → %j', (typed, sent) => {
    expect(pagarmeHolderName(typed)).toBe(sent);
  });

  it('cuts a long name at 64 characters without a trailing space', () => {
    const name = pagarmeHolderName(`${'Maximiliano '.repeat(6)}Fonseca`);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toBe(name.trim());
    expect(name).toMatch(/^[\p{L} ]+$/u);
  });

  it('nothing left when nothing was a letter', () => {
    expect(pagarmeHolderName('1234 5678')).toBe('');
  });
});

describe('brazilianPhoneParts', () => {
  it.each([
    ['011 98765-4321', '11', '987654321'],
    ['(011) 98765-4321', '11', '987654321'],
    ['(11) 98765-4321', '11', '987654321'],
    ['11987654321', '11', '987654321'],
    ['+55 11 98765-4321', '11', '987654321'],
    ['55 (11) 98765-4321', '11', '987654321'],
    ['+55 011 98765-4321', '11', '987654321'],
    ['(55) 98765-4321', '55', '987654321'],
    ['055 98765-4321', '55', '987654321'],
    ['(11) 3456-7890', '11', '34567890'],
    ['0XX11 3456-7890', '11', '34567890'],
  ])('%s → area %s, number %s', (typed, areaCode, number) => {
    expect(brazilianPhoneParts(typed)).toEqual({ areaCode, number });
  });

  it.each(['98765-4321', '123', '12 3456 7890 1234'])('%s is not a phone with its area code', (typed) => {
    expect(brazilianPhoneParts(typed)).toBeNull();
  });
});

describe('the card form refuses a name without letters', () => {
  it('in Portuguese, before anything is sent', async () => {
    const { cardDataInput } = await import('./checkout-schemas');
    const parsed = cardDataInput.safeParse({
      cardNumber: '4111 1111 1111 1111',
      cardHolderName: '1234 5678',
      expiryDate: '12/30',
      cvv: '123',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Nome no cartão deve ter letras, como está impresso no cartão',
    ]);
  });
});
