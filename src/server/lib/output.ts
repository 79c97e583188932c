/** Output building blocks shared by several operations. */
import { z } from 'zod';

/** A Date from the database, answered as an ISO 8601 string. */
export const isoDate = z.date().transform((date) => date.toISOString());

/** `pagination { page, limit, total, pages }` of every list (docs/product/decisions.md §5). */
export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
