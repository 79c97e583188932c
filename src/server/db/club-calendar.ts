/**
 * `sao_paulo_month(ms)`: the São Paulo month (yyyymm) of an instant, from the app's one calendar
 * (shared/sao-paulo-time.ts), for the triggers that keep `payment_month_totals` (ADR 038) and
 * `member_month_totals` (ADR 044). Every connection that writes payments, or changes a subscriber's
 * approval or switch-off, or deletes a subscriber (whose payments cascade) needs it:
 * `openDatabase` registers it, and a tool opening the file on its own must too, or those writes fail
 * with "no such function". Reads never need it.
 */
import type Database from 'better-sqlite3';
import { saoPauloMonthNumber } from '../../shared/sao-paulo-time';

export function registerClubCalendar(sqlite: Database.Database): void {
  sqlite.function('sao_paulo_month', { deterministic: true }, (ms: unknown) =>
    typeof ms === 'number' || typeof ms === 'bigint' ? saoPauloMonthNumber(Number(ms)) : null,
  );
}
