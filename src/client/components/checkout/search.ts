/**
 * Query-string pieces of the checkout routes. TanStack Router JSON-parses search values, so
 * `?ref=123456` arrives as a number and `?amount=149700` as a number: both are normalised here, and
 * anything unusable becomes `undefined` instead of an error page.
 */
import { z } from 'zod';

/** Optional text (numbers are turned back into their digits). */
export const searchText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .optional()
  .catch(undefined);

/** Optional amount in integer cents; anything else is treated as absent. */
export const searchCents = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? value : Number(value.trim() || Number.NaN)))
  .pipe(z.number().int().positive())
  .optional()
  .catch(undefined);
