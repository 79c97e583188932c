import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { ZodError } from 'zod';

/** The TRPCError a call is refused with; the test fails if the call succeeds or fails otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** The refusal, with the message the browser reads (an input's first issue, as the HTTP adapter words it). */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await refusal(promise);
  const issue = error.cause instanceof ZodError ? error.cause.issues[0]?.message : undefined;
  return { code: error.code, message: issue ?? error.message };
}
