/** The reading of failed tRPC calls, by name (lib/errors.ts does not load tRPC's client). */
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorText, failureStatus } from './errors';

const answered = (message: string, httpStatus: number) =>
  TRPCClientError.from({ error: { code: -32600, message, data: { httpStatus } } });

describe('errors', () => {
  it("reads a tRPC client's error: the server's message and its status", () => {
    const error = answered('Muitas mensagens', 429);
    expect(errorText(error, 'fallback')).toBe('Muitas mensagens');
    expect(failureStatus(error)).toBe(429);
  });

  it('takes no other error for a tRPC one', () => {
    const error = Object.assign(new Error('x'), { data: { httpStatus: 429 } });
    expect(failureStatus(error)).toBeUndefined();
    expect(errorText(error, 'fallback', 'unreachable')).toBe('unreachable');
  });
});
