/**
 * The message a screen shows for a failed call: the server's own Portuguese text when there is one
 * (tRPC error, REST `{ error }`, or a plain `{ error }` answer such as a 429 on /trpc), else the
 * screen's fallback. Browser-level failures ("Failed to fetch") are never shown as they are.
 */
import { TRPCClientError } from '@trpc/client';
import { ApiError } from './api';

function responseError(meta: unknown): string | undefined {
  if (!meta || typeof meta !== 'object' || !('responseJSON' in meta)) return undefined;
  const json = meta.responseJSON;
  if (json && typeof json === 'object' && 'error' in json) {
    const message = json.error;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof TRPCClientError) {
    if (error.shape) return error.message || fallback;
    return responseError(error.meta) ?? fallback;
  }
  return fallback;
}

/** HTTP status of a failed tRPC call, when the server answered. */
export function trpcStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    if (typeof status === 'number') return status;
    const response = (error.meta as { response?: Response } | undefined)?.response;
    return response?.status;
  }
  return undefined;
}
