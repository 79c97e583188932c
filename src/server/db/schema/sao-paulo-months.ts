/**
 * The club's São Paulo calendar as data: the instant each São Paulo month begins, from 1900 to 2199,
 * written by the migration `sao_paulo_month_starts` from the app's one calendar
 * (shared/sao-paulo-time.ts, daylight saving included; `sao-paulo-months.test.ts` checks every row
 * against it). The month-totals triggers (ADR 038, ADR 044) find an instant's month here with an
 * indexed lookup, so they are plain SQL: any tool that opens the file (the `sqlite3` shell,
 * drizzle-kit studio) can write payments and subscribers.
 */
import { integer, sqliteTable, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const saoPauloMonths = sqliteTable(
  'sao_paulo_months',
  {
    /** yyyymm, the key of `payment_month_totals` and `member_month_totals`. */
    month: integer('month').primaryKey(),
    /** The first instant of the month in São Paulo (ms since the epoch). */
    startsAt: integer('starts_at').notNull(),
  },
  (table) => [uniqueIndex('sao_paulo_months_starts_at_idx').on(table.startsAt)],
);
