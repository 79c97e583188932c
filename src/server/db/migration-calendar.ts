/**
 * `sao_paulo_month(ms)` for the migrations only. Migrations `one_home_money_time` and
 * `active_member_spans_triggers` (history: never edited) fill the month totals through that SQL
 * function, so a database created or upgraded across them needs it while they run. Since migration
 * `money_rules_in_plain_sql` no trigger or view calls it (they read the table `sao_paulo_months`), and
 * after migrating it is replaced by one that refuses: the app's connection writes exactly as the
 * `sqlite3` shell or drizzle-kit studio can (db/sqlite-shell.test.ts).
 */
import type Database from 'better-sqlite3';
import { saoPauloMonthNumber } from '../../shared/sao-paulo-time';

const NAME = 'sao_paulo_month';

/** Registers the São Paulo month of the app's calendar, for the old migrations. */
export function lendCalendarToMigrations(sqlite: Database.Database): void {
  sqlite.function(NAME, { deterministic: true }, (ms: unknown) =>
    typeof ms === 'number' || typeof ms === 'bigint' ? saoPauloMonthNumber(Number(ms)) : null,
  );
}

/** After migrating: any statement still calling it fails, as it would in a tool that never had it. */
export function withdrawCalendarFromMigrations(sqlite: Database.Database): void {
  sqlite.function(NAME, () => {
    throw new Error(`${NAME} is only for old migrations; read the table sao_paulo_months`);
  });
}
