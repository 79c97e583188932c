import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver once, on first use or preload, and answers with it', async () => {
    const real = vi.fn<Resolver<Values, unknown, Values>>(async (values) => ({ values, errors: {} }));
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    await resolver({ name: 'Bia' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
  });

  it('tries the download again after it failed', async () => {
    const real: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const resolver = lazyResolver<Values, Values>(load);
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
