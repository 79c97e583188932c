import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for simultaneous and later calls', async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it('forgets a failure: the next call tries again', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('download failed');
      return 'ok';
    });
    await expect(load()).rejects.toThrow('download failed');
    expect(await load()).toBe('ok');
    expect(calls).toBe(2);
  });
});
