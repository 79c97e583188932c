import { describe, expect, it } from 'vitest';
import type { CepAddress } from '../../../shared/checkout-schemas';
import {
  conflictingParts,
  describeCepAddress,
  fillEmptyFromCep,
  formatCep,
  planCepFill,
  replaceWithCep,
} from './cep-fill';

const SE: CepAddress = {
  street: 'Praça da Sé',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'sp',
  zipCode: '01001000',
};
const EMPTY = { street: '', neighborhood: '', city: '', state: '' };
const STORED = { street: 'Rua das Videiras', neighborhood: 'Centro', city: 'Campinas', state: 'SP' };

describe('CEP fill rule (ADR 033)', () => {
  it('fills an empty address without asking', () => {
    expect(planCepFill(EMPTY, SE)).toBe('fill');
    expect(fillEmptyFromCep({ ...EMPTY, number: '12' }, SE)).toEqual({
      street: 'Praça da Sé',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      number: '12',
    });
  });

  it('asks when the form holds a different address, and names the parts that differ', () => {
    expect(planCepFill(STORED, SE)).toBe('ask');
    expect(conflictingParts(STORED, SE)).toEqual(['street', 'neighborhood', 'city']);
  });

  it('does not ask when what is there is the same address (case and spaces aside)', () => {
    const same = { street: ' praça da sé ', neighborhood: '', city: 'SÃO PAULO', state: 'SP' };
    expect(planCepFill(same, SE)).toBe('fill');
    expect(fillEmptyFromCep(same, SE)).toEqual({ ...same, neighborhood: 'Sé' });
  });

  it('never fills or replaces with what the answer lacks, nor a state that is not a UF', () => {
    const partial: CepAddress = { street: '', neighborhood: '', city: 'Campinas', state: 'XX', zipCode: '' };
    expect(planCepFill(STORED, partial)).toBe('fill');
    expect(fillEmptyFromCep({ ...STORED, state: '' }, partial)).toEqual({ ...STORED, state: '' });
    expect(replaceWithCep(STORED, partial)).toEqual(STORED);
  });

  it('"Substituir" takes every part the answer has and keeps the others', () => {
    const lacking: CepAddress = { ...SE, neighborhood: '' };
    expect(replaceWithCep({ ...STORED, number: '100' }, lacking)).toEqual({
      street: 'Praça da Sé',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      number: '100',
    });
  });

  it('words the question with the answer and the masked CEP', () => {
    expect(describeCepAddress(SE)).toBe('Praça da Sé, Sé, São Paulo/SP');
    expect(describeCepAddress({ ...SE, street: '', neighborhood: '' })).toBe('São Paulo/SP');
    expect(formatCep('01001000')).toBe('01001-000');
  });
});
