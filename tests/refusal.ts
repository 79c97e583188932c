import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

/** The TRPCError a call is refused with; the test fails if the call succeeds or fails otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}
