/**
 * The shared call layer for the REST paths the spec calls with fetch (docs/product/public-site-and-checkout.md §7–8): JSON in and
 * out, never cached, cookie sent on same-origin calls only. A non-OK answer throws `ApiError` whose
 * message is the body's `error`, else "HTTP error! status: {code}".
 */
import { MSG } from '../../shared/messages';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string' && error) return error;
  }
  return MSG.httpError(status);
}

/** One REST call. `path` is absolute (`/api/...`). */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    cache: 'no-store',
    credentials: 'same-origin',
    signal: options.signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(errorMessage(body, response.status), response.status, body);
  return body as T;
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  apiRequest<T>('GET', path, { query, signal });

export const apiPost = <T>(path: string, body?: unknown, signal?: AbortSignal) =>
  apiRequest<T>('POST', path, { body: body ?? {}, signal });

export const apiPut = <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body: body ?? {} });

export const apiDelete = <T>(path: string) => apiRequest<T>('DELETE', path);
