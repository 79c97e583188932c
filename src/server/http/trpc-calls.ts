/**
 * Checks a tRPC request's procedure list before tRPC sees it: the batch is no larger than
 * TRPC_MAX_BATCH, and every name is a procedure of the router (its names come with it,
 * trpc/root.ts). tRPC looks procedures up in a plain object, so names like `__proto__` or
 * `constructor` would otherwise reach its internals (a 500).
 */
import { MSG } from '../../shared/messages';
import { TRPC_MAX_BATCH } from '../../shared/trpc';

export { TRPC_MAX_BATCH };

export interface Refusal {
  status: number;
  error: string;
}

/** The procedure names of a `/trpc/a.b,c.d?…` URL, or null when the path does not decode. */
export function trpcCallNames(url: string): string[] | null {
  const path = url.slice('/trpc/'.length).split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).split(',');
  } catch {
    return null;
  }
}

export function trpcCallCheck(known: ReadonlySet<string>): (url: string) => Refusal | null {
  return (url) => {
    const names = trpcCallNames(url);
    if (!names) return { status: 404, error: MSG.notFound };
    if (names.length > TRPC_MAX_BATCH) return { status: 400, error: MSG.tooManyCalls };
    if (!names.every((name) => known.has(name))) return { status: 404, error: MSG.notFound };
    return null;
  };
}
