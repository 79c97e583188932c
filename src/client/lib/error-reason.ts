/**
 * The reason of a refusal the screen acts on by itself (ask for the sign-in code, open the step-up
 * dialog). Its own module so the pages that never act on one (the checkout) do not carry it.
 */
import { TRPCClientError } from '@trpc/client';
import { ERROR_REASONS, type ErrorReason } from '../../shared/error-reasons';
import { ApiError } from './api';

/** `data.reason` of a tRPC error, `code` of a REST `{ error, code }` answer. */
export function errorReason(error: unknown): ErrorReason | undefined {
  let reason: unknown;
  if (error instanceof TRPCClientError) reason = (error.data as { reason?: unknown } | undefined)?.reason;
  else if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'code' in error.body)
    reason = error.body.code;
  return ERROR_REASONS.find((known) => known === reason);
}
