/**
 * The SPA's few plain REST calls (ADR 039: every JSON operation it uses goes through tRPC, except
 * the CSV import, too big for tRPC's body limit; and the API test page). JSON in and out, never
 * cached, cookie sent on same-origin calls only. A non-OK answer throws `ApiError` whose message is
 * the body's `error`, else "HTTP error! status: {code}".
 */
import type { z } from 'zod';
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

/** One REST call. `path` is absolute (`/api/...`); the answer is the parsed JSON, unchecked. */
async function apiRequest(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<unknown> {
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
  return body;
}

/** Any path, answer unchecked: the API test page shows whatever came back. */
export const apiGet = (path: string, query?: Query, signal?: AbortSignal) =>
  apiRequest('GET', path, { query, signal });

/**
 * A POST to an operation that has no tRPC procedure (a CSV import larger than tRPC's body limit):
 * the answer is parsed with the operation's own output schema, so its type is that schema's.
 */
export async function apiPost<S extends z.ZodType>(
  path: string,
  answer: S,
  body?: unknown,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  return answer.parse(await apiRequest('POST', path, { body: body ?? {}, signal }));
}
