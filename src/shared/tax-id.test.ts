import { describe, expect, it } from 'vitest';
import { compactTaxId, formatTaxId, taxIdKind } from './tax-id';

describe('the club tax id', () => {
  it('reads a masked CNPJ or CPF and prints it masked with its kind', () => {
    expect(compactTaxId('11.222.333/0001-81')).toBe('11222333000181');
    expect(taxIdKind('11222333000181')).toBe('cnpj');
    expect(formatTaxId('11222333000181')).toBe('CNPJ 11.222.333/0001-81');
    expect(taxIdKind(compactTaxId('529.982.247-25'))).toBe('cpf');
    expect(formatTaxId('52998224725')).toBe('CPF 529.982.247-25');
  });

  it('takes the alphanumeric CNPJ', () => {
    // The Receita Federal's published example of the alphanumeric CNPJ.
    expect(taxIdKind(compactTaxId('12.abc.345/01de-35'))).toBe('cnpj');
  });

  it('refuses wrong check digits, repeated digits and other lengths', () => {
    expect(taxIdKind('11222333000182')).toBeNull();
    expect(taxIdKind('11111111111')).toBeNull();
    expect(taxIdKind('52998224724')).toBeNull();
    expect(taxIdKind('1234')).toBeNull();
  });
});
