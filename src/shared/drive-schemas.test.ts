import { describe, expect, it } from 'vitest';
import { driveUpdateInput, formatFileSize, normalizeTags, pagerPages } from './drive-schemas';

describe('drive tags', () => {
  it('are trimmed, empty ones dropped, repeats (ignoring case) kept once', () => {
    expect(normalizeTags(' vinho , , Tinto,VINHO ,  safra   2024 ')).toEqual([
      'vinho',
      'Tinto',
      'safra 2024',
    ]);
    expect(normalizeTags(['a', ' ', 'b, c'])).toEqual(['a', 'b', 'c']);
  });

  it('are refused past 20, or past 40 characters each, in Portuguese', () => {
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(driveUpdateInput.safeParse({ id: 'x', name: 'a', tags: many }).error?.issues[0]?.message).toBe(
      'Use no máximo 20 tags',
    );
    expect(
      driveUpdateInput.safeParse({ id: 'x', name: 'a', tags: ['x'.repeat(41)] }).error?.issues[0]?.message,
    ).toBe('Cada tag pode ter no máximo 40 caracteres');
  });
});

describe('the member pager', () => {
  it('shows at most 5 page buttons around the current page', () => {
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pagerPages(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('file sizes', () => {
  it('read in pt-BR', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
  });
});
