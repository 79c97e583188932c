import { describe, expect, it } from 'vitest';
import { pageOffset, paginationOf } from './paging';

describe('a paged list’s tail', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, limit: 20 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 20 })).toBe(40);
  });

  it('counts the pages, the last one partly filled', () => {
    expect(paginationOf({ page: 2, limit: 10 }, 21)).toEqual({ page: 2, limit: 10, total: 21, pages: 3 });
    expect(paginationOf({ page: 1, limit: 10 }, 20)).toEqual({ page: 1, limit: 10, total: 20, pages: 2 });
  });

  it('gives an empty list one page, or none for the lists that always answered 0', () => {
    expect(paginationOf({ page: 1, limit: 10 }, 0).pages).toBe(1);
    expect(paginationOf({ page: 1, limit: 10 }, 0, 0).pages).toBe(0);
  });
});
