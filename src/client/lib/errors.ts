/**
 * The one reading of a failed call into the message a screen shows (ADR 042). Browser-level
 * failures ("Failed to fetch") are never shown as they are.
 */
import type { TRPCClientError } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { ApiError } from './api';

/**
 * A failed tRPC call, known by its name as tRPC names it: this module is read on every page (the
 * error page), and the pages without the data layer (ADR 055) do not load tRPC's client for it.
 */
function isTrpcError(error: unknown): error is TRPCClientError<AnyTRPCRouter> {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** The `error` text of a JSON body such as `{ "error": "..." }`. */
function bodyError(json: unknown): string | undefined {
  if (json && typeof json === 'object' && 'error' in json) {
    const message = json.error;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

function responseError(meta: unknown): string | undefined {
  if (!meta || typeof meta !== 'object' || !('responseJSON' in meta)) return undefined;
  return bodyError(meta.responseJSON);
}

/**
 * A REST call that answered 200 but refused the request (`success: false`, a declined payment):
 * its message is the server's (or provider's) own words.
 */
export class RefusedAnswer extends Error {
  override name = 'RefusedAnswer';
}

/**
 * The message a screen shows for a failed call, tRPC or REST (docs/product/public-site-and-checkout.md §8, docs/product/back-office-and-member-area.md §8):
 * the server's own text (a tRPC error's message, a REST `{ error }`) or a refusal's reason;
 * otherwise the screen's `fallback` when the server answered without one, and `unreachable` when it
 * could not be reached (or the code failed).
 */
export function errorText(error: unknown, fallback: string, unreachable = fallback): string {
  if (error instanceof RefusedAnswer) return error.message || fallback;
  if (error instanceof ApiError) return bodyError(error.body) ?? fallback;
  if (isTrpcError(error)) {
    if (error.shape) return error.message || fallback;
    const sent = responseError(error.meta);
    if (sent) return sent;
    if (trpcStatus(error) !== undefined) return fallback;
  }
  return unreachable;
}

/** HTTP status of a failed call (tRPC or REST), when the server answered. */
export function failureStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : trpcStatus(error);
}

/** HTTP status of a failed tRPC call, when the server answered. */
export function trpcStatus(error: unknown): number | undefined {
  if (isTrpcError(error)) {
    const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    if (typeof status === 'number') return status;
    const response = (error.meta as { response?: Response } | undefined)?.response;
    return response?.status;
  }
  return undefined;
}
