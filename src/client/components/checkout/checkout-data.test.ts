import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_DATA_KEY, readPreviousLink, saveCheckoutData } from './checkout-data';

const FORM = {
  name: 'Bia Voltar',
  email: 'bia@exemplo.com',
  phone: '(11) 98765-4321',
  document: '529.982.247-25',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  planType: 'annual' as const,
};
const LINK = { id: 'pl_123', url: 'https://pagar.exemplo.com/pl_123' };
const CREATED = new Date('2026-11-20T12:00:00Z');
const hoursLater = (hours: number) => new Date(CREATED.getTime() + hours * 3_600_000);

describe('checkout_data and the previous link (ADR 022)', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the form, the link id and address and the creation time', () => {
    saveCheckoutData(FORM, LINK, CREATED);
    expect(JSON.parse(store.get(CHECKOUT_DATA_KEY)!)).toEqual({
      ...FORM,
      paymentLinkId: 'pl_123',
      paymentLinkUrl: LINK.url,
      createdAt: '2026-11-20T12:00:00.000Z',
    });
  });

  it('offers the stored link while it can still be paid (48 h)', () => {
    saveCheckoutData(FORM, LINK, CREATED);
    expect(readPreviousLink(hoursLater(47))).toEqual({ ...LINK, name: 'Bia Voltar' });
    expect(readPreviousLink(hoursLater(49))).toBeNull();
  });

  it('offers nothing without data, with broken data or with a link address that is not http(s)', () => {
    expect(readPreviousLink(CREATED)).toBeNull();
    store.set(CHECKOUT_DATA_KEY, '{not json');
    expect(readPreviousLink(CREATED)).toBeNull();
    // Data stored before the address was kept.
    store.set(CHECKOUT_DATA_KEY, JSON.stringify({ ...FORM, paymentLinkId: 'pl_1', createdAt: CREATED }));
    expect(readPreviousLink(CREATED)).toBeNull();
    saveCheckoutData(FORM, { id: 'pl_2', url: 'javascript:alert(1)' }, CREATED);
    expect(readPreviousLink(CREATED)).toBeNull();
  });
});
