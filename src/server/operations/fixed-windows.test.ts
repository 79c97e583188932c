/** The rate limits' counter: a window per key from its first call, refusals with the seconds left. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FixedWindows } from './fixed-windows';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FixedWindows', () => {
  it('allows the limit, then refuses with the whole seconds left, at least one', () => {
    const windows = new FixedWindows(3, 60_000);
    expect([1, 2, 3].map(() => windows.take('a'))).toEqual([null, null, null]);
    vi.advanceTimersByTime(20_500);
    expect(windows.take('a')).toBe(40);
    vi.advanceTimersByTime(39_400);
    expect(windows.take('a')).toBe(1);
    // Another key has its own allowance.
    expect(windows.take('b')).toBeNull();
  });

  it('opens a new window once the old one closed, refusals included', () => {
    const windows = new FixedWindows(1, 60_000);
    expect(windows.take('a')).toBeNull();
    expect(windows.take('a')).toBe(60);
    vi.advanceTimersByTime(60_000);
    expect(windows.take('a')).toBeNull();
    expect(windows.take('a')).toBe(60);
  });

  it('refuses every call when the limit is zero', () => {
    const windows = new FixedWindows(0, 60_000);
    expect(windows.take('a')).toBe(60);
    expect(windows.take('a')).toBe(60);
  });
});
