import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/app';
import { detachedCallContext } from '../http/call-context';
import { createCallerFactory, createTRPCRouter } from '../trpc/init';
import { procedureFor } from './procedure';
import { createRateLimits } from './rate-limits';

describe('a procedure checks its input and its answer on zod synchronous path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function callerOf(router: ReturnType<typeof createTRPCRouter>) {
    const limits = createRateLimits(t.services.env);
    return createCallerFactory(router)(detachedCallContext(t.services, limits)) as unknown as {
      echo: (input: unknown) => Promise<unknown>;
    };
  }

  it('parses with `parse`, never `parseAsync`, and answers the same', async () => {
    const input = z.object({ name: z.string().min(2, 'Nome curto') });
    const output = z.object({ greeting: z.string() });
    const syncInput = vi.spyOn(input, 'parse');
    const syncOutput = vi.spyOn(output, 'parse');
    const asyncInput = vi.spyOn(input, 'parseAsync');
    const asyncOutput = vi.spyOn(output, 'parseAsync');
    const echo = procedureFor('public')
      .input(input)
      .output(output)
      .query(({ input: { name } }) => ({ greeting: `Olá, ${name}` }));
    const caller = callerOf(createTRPCRouter({ echo }));

    await expect(caller.echo({ name: 'Ana' })).resolves.toEqual({ greeting: 'Olá, Ana' });
    expect(syncInput).toHaveBeenCalledTimes(1);
    expect(syncOutput).toHaveBeenCalledTimes(1);
    // tRPC prefers `parseAsync` when a schema has one: zod's async walk, which never calls `parse`.
    expect(asyncInput).not.toHaveBeenCalled();
    expect(asyncOutput).not.toHaveBeenCalled();

    // A refused input is the same ZodError, with the schema's own Portuguese message.
    const refused: unknown = await caller.echo({ name: 'A' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    const cause = (refused as { cause: unknown }).cause;
    expect(cause).toBeInstanceOf(z.ZodError);
    expect((cause as z.ZodError).issues[0]?.message).toBe('Nome curto');
  });

  it('an answer that does not match its output is still a bug answered as an internal error', async () => {
    const echo = procedureFor('public')
      .input(z.object({ name: z.string() }))
      .output(z.object({ greeting: z.string() }))
      .query(() => ({ greeting: 42 }) as unknown as { greeting: string });
    const caller = callerOf(createTRPCRouter({ echo }));
    await expect(caller.echo({ name: 'Ana' })).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
