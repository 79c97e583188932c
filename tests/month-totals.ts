/**
 * `payment_month_totals` checked against a pass over every payment that shares nothing with the
 * views or the app's calendar: months are São Paulo's as UTC−3, which it has been all year since 2019
 * (ADR 038), so the figures are exactly what the first triggers gave.
 */
import type Database from 'better-sqlite3';

export interface MonthTotals {
  month: number;
  revenue: number;
  begun: number;
  ended: number;
  renewed: number;
}

export function monthTotalsByBruteForce(sqlite: Database.Database): MonthTotals[] {
  const key = (ms: number) => {
    const local = new Date(ms - 3 * 3600 * 1000);
    return local.getUTCFullYear() * 100 + local.getUTCMonth() + 1;
  };
  const totals = new Map<number, MonthTotals>();
  const at = (month: number) => {
    let row = totals.get(month);
    if (!row) totals.set(month, (row = { month, revenue: 0, begun: 0, ended: 0, renewed: 0 }));
    return row;
  };
  const rows = sqlite
    .prepare(
      'select status, amount, paid_at, previous_end_date, period_end_date, extra_charge, extra_charge_kept_at from payments',
    )
    .all() as {
    status: string;
    amount: number;
    paid_at: number | null;
    previous_end_date: number | null;
    period_end_date: number | null;
    extra_charge: string | null;
    extra_charge_kept_at: number | null;
  }[];
  for (const row of rows) {
    if (row.status === 'paid' && row.previous_end_date !== null) at(key(row.previous_end_date)).renewed += 1;
    if (row.status !== 'paid' || row.paid_at === null) continue;
    // An extra charge is revenue only once the owner keeps it (never while it is to decide).
    if (row.extra_charge === null || row.extra_charge_kept_at !== null)
      at(key(row.paid_at)).revenue += row.amount;
    const begin = Math.max(row.paid_at, row.previous_end_date ?? 0);
    if (row.period_end_date !== null && row.period_end_date > begin) {
      at(key(begin)).begun += 1;
      at(key(row.period_end_date)).ended += 1;
    }
  }
  return [...totals.values()]
    .filter((row) => row.revenue || row.begun || row.ended || row.renewed)
    .sort((a, b) => a.month - b.month);
}

/** The stored months that hold anything, in order. */
export function storedMonthTotals(sqlite: Database.Database): MonthTotals[] {
  return sqlite
    .prepare(
      `select month, revenue, periods_begun as begun, periods_ended as ended, periods_renewed as renewed
       from payment_month_totals
       where revenue != 0 or periods_begun != 0 or periods_ended != 0 or periods_renewed != 0 order by month`,
    )
    .all() as MonthTotals[];
}
