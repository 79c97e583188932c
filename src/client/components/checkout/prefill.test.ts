import { describe, expect, it } from 'vitest';
import { prefillFromQuery } from './prefill';

describe('prefillFromQuery', () => {
  it('ignores the landing placeholders and an empty name', () => {
    expect(prefillFromQuery('Novo Assinante', '')).toEqual({ name: '', email: '' });
    expect(prefillFromQuery('Cliente', 'x@y.com')).toEqual({ name: '', email: '' });
    expect(prefillFromQuery(undefined, 'x@y.com')).toEqual({ name: '', email: '' });
    expect(prefillFromQuery('  ', 'x@y.com')).toEqual({ name: '', email: '' });
  });

  it('prefills a real name with its e-mail', () => {
    expect(prefillFromQuery(' Ana Souza ', 'ana@exemplo.com')).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com',
    });
    expect(prefillFromQuery('Ana Souza', undefined)).toEqual({ name: 'Ana Souza', email: '' });
  });
});
