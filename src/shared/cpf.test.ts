import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidCpf, maskCpf } from './cpf';

interface Vector {
  input: string;
  valid: boolean;
  category?: string;
}
const vectors = JSON.parse(
  fs.readFileSync(new URL('../../tests/fixtures/cpf.json', import.meta.url), 'utf8'),
) as {
  valid: Vector[];
  invalid: Vector[];
};

describe('isValidCpf (fixtures/cpf.json, strict input policy)', () => {
  it.each(vectors.valid.map((v) => [v.input]))('accepts %s', (input) => {
    expect(isValidCpf(input)).toBe(true);
  });
  it.each(vectors.invalid.map((v) => [v.input, v.category]))('rejects %s (%s)', (input) => {
    expect(isValidCpf(input)).toBe(false);
  });
});

describe('maskCpf', () => {
  it('keeps only the first three and the check digits', () => {
    expect(maskCpf('529.982.247-25')).toBe('529.***.***-25');
  });
});
