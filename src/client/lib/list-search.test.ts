import { describe, expect, it } from 'vitest';
import { paymentSearch, subscriberSearch } from './list-search';

describe('sorted lists read their sort, order and page from the address (ADR 034)', () => {
  it('keeps the values each list accepts', () => {
    expect(subscriberSearch({ status: 'active', sortBy: 'fullName', sortOrder: 'asc', page: '3' })).toEqual({
      status: 'active',
      search: undefined,
      sortBy: 'fullName',
      sortOrder: 'asc',
      page: 3,
      endingWithinDays: undefined,
      view: undefined,
    });
    expect(paymentSearch({ method: 'pix', sortBy: 'amount', sortOrder: 'desc', page: 2 })).toEqual({
      status: undefined,
      method: 'pix',
      search: undefined,
      createdWithinDays: undefined,
      sortBy: 'amount',
      sortOrder: 'desc',
      page: 2,
    });
  });

  it("drops what a list does not accept: another list's sort, an unknown order, page 1", () => {
    const read = paymentSearch({ sortBy: 'fullName', sortOrder: 'up', page: '1' });
    expect([read.sortBy, read.sortOrder, read.page]).toEqual([undefined, undefined, undefined]);
    expect(subscriberSearch({ sortBy: 'amount' }).sortBy).toBeUndefined();
  });
});

describe('the subscriber list reads its renewal filter from the address (ADR 052)', () => {
  it('keeps automatic, manual and retrying; drops anything else (the default list, not an error)', () => {
    for (const renewal of ['automatic', 'manual', 'retrying'] as const)
      expect(subscriberSearch({ renewal, endingWithinDays: '30' })).toMatchObject({
        renewal,
        endingWithinDays: 30,
      });
    for (const renewal of ['auto', 'AUTOMATIC', '', 3, ['manual']])
      expect(subscriberSearch({ renewal }).renewal).toBeUndefined();
  });
});
