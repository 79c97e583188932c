/**
 * The SPA's calls go through tRPC (ADR 039): what a spec needs to watch, read or answer one call
 * of a `/trpc` request, batched or not (`/trpc/a.b,c.d?batch=1&input={"0":…,"1":…}`).
 */
import type { Request, Response, Route } from '@playwright/test';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';

/** The procedures a request calls, in order; none for a URL that is not tRPC's. */
export function trpcCalls(url: string): string[] {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/trpc/')) return [];
  return decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
}

/** Whether a request to `url` calls `procedure` (for `waitForRequest`, `waitForResponse`…). */
export const callsProcedure = (url: string, procedure: string) => trpcCalls(url).includes(procedure);

/** A URL matcher for `page.route` / `page.unroute`: requests that call `procedure`. */
export const trpcRoute = (procedure: string) => (url: URL) => callsProcedure(url.href, procedure);

const isBatch = (url: string) => new URL(url).searchParams.get('batch') === '1';

/** The input `procedure` was called with in `request`. */
export function trpcInput(request: Request, procedure: string): unknown {
  const url = new URL(request.url());
  const sent: unknown =
    request.method() === 'GET' ? JSON.parse(url.searchParams.get('input') ?? 'null') : request.postDataJSON();
  if (!isBatch(request.url())) return sent;
  return (sent as Record<string, unknown> | null)?.[trpcCalls(request.url()).indexOf(procedure)];
}

/** What `procedure` answered in `response` (its `result.data`). */
export async function trpcOutput<T = unknown>(response: Response, procedure: string): Promise<T> {
  const body = (await response.json()) as unknown;
  const answer = (Array.isArray(body) ? body[trpcCalls(response.url()).indexOf(procedure)] : body) as {
    result?: { data?: T };
  };
  return answer.result?.data as T;
}

type Answer =
  { data: unknown } | { status: number; code: keyof typeof TRPC_ERROR_CODES_BY_KEY; message: string };

function callAnswer(answer: Answer) {
  if ('data' in answer) return { result: { data: answer.data } };
  return {
    error: {
      message: answer.message,
      code: TRPC_ERROR_CODES_BY_KEY[answer.code],
      data: { code: answer.code, httpStatus: answer.status, zodError: null, reason: null },
    },
  };
}

/**
 * Answers the `procedure` call of a routed request as the server would have (a result or a
 * Portuguese error); the other calls of its batch, if any, are answered by the server.
 */
export async function answerTrpc(route: Route, procedure: string, answer: Answer): Promise<void> {
  const url = route.request().url();
  const calls = trpcCalls(url);
  const ours = callAnswer(answer);
  if (calls.length === 1) {
    const status = 'data' in answer ? 200 : answer.status;
    return route.fulfill({ status, json: isBatch(url) ? [ours] : ours });
  }
  const real = await route.fetch();
  const body = (await real.json()) as unknown[];
  body[calls.indexOf(procedure)] = ours;
  return route.fulfill({ response: real, status: 207, json: body });
}
