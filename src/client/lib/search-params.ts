/**
 * Readers of query-string values for the routes' `validateSearch`. Plain functions rather than zod:
 * the route definitions are in the entry chunk every page loads, and zod there would cost every
 * page ~20 KB of compressed JavaScript (ADR 040). TanStack Router JSON-parses search values, so
 * `?ref=123456` arrives as a number: both are normalised here, and anything unusable becomes
 * `undefined` instead of an error page.
 */

/** Optional text, trimmed (numbers are turned back into their digits); longer than `max` is absent. */
export function searchText(value: unknown, max = 500): string | undefined {
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  return text !== undefined && text.length <= max ? text : undefined;
}

/** Optional amount in integer cents; anything else is treated as absent. */
export function searchCents(value: unknown): number | undefined {
  const cents =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim())
        : Number.NaN;
  return Number.isInteger(cents) && cents > 0 ? cents : undefined;
}

/** One of `options`, or absent (anything else in the address is ignored, never an error page). */
export function searchOneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

/** A list's page from the address: a whole number above 1 (the first page is the absent default). */
export function searchPage(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(page) && page > 1 && page <= 1_000_000 ? page : undefined;
}

/** A whole number within [min, max], or absent. */
export function searchInt(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}
