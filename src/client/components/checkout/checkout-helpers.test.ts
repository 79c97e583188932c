import { describe, expect, it } from 'vitest';
import { searchCents, searchText } from '../../lib/search-params';
import { readSuccessState, validUntilFrom } from './success-state';
import { qrImageSrc } from './PixPayment';

describe('search params', () => {
  it('normalises JSON-parsed values and drops unusable ones', () => {
    expect(searchText(123456)).toBe('123456');
    expect(searchText(' Ana ')).toBe('Ana');
    expect(searchText(undefined)).toBeUndefined();
    expect(searchText({ x: 1 })).toBeUndefined();
    expect(searchCents(149700)).toBe(149700);
    expect(searchCents('149700')).toBe(149700);
    expect(searchCents('abc')).toBeUndefined();
    expect(searchCents(-5)).toBeUndefined();
    expect(searchCents(12.5)).toBeUndefined();
    expect(searchCents('')).toBeUndefined();
  });
});

describe('success state', () => {
  const valid = {
    customerName: 'Ana',
    customerEmail: 'ana@exemplo.com',
    paymentMethod: 'pix',
    paymentId: 'pay_1',
    amount: 149700,
    validUntil: '2027-01-01T12:00:00.000Z',
  };

  it('accepts the state /checkout/old hands over and nothing else', () => {
    expect(readSuccessState(valid)).toEqual(valid);
    expect(readSuccessState(undefined)).toBeNull();
    expect(readSuccessState({ ...valid, paymentMethod: 'boleto' })).toBeNull();
    expect(readSuccessState({ ...valid, paymentId: '' })).toBeNull();
    expect(readSuccessState({ ...valid, amount: '149700' })).toBeNull();
    expect(readSuccessState({ ...valid, validUntil: 'ontem' })).toBeNull();
  });

  it('counts the validity year from the payment time (365 days)', () => {
    expect(validUntilFrom('2026-03-01T10:00:00.000Z')).toBe('2027-03-01T10:00:00.000Z');
    expect(validUntilFrom(null, Date.parse('2026-01-01T00:00:00.000Z'))).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('qrImageSrc', () => {
  it('accepts bare base64 and ready data URLs', () => {
    expect(qrImageSrc('iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qrImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
