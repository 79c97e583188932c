/** Output building blocks shared by several operations. */
import { z } from 'zod';

/** A Date from the database, answered as an ISO 8601 string. */
export const isoDate = z.date().transform((date) => date.toISOString());

/** A time a service answers as a string: ISO 8601, or null when there is none. */
export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** `pagination { page, limit, total, pages }` of every list (docs/product/decisions.md §5). */
export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
