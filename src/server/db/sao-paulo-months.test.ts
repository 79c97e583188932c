/**
 * The month-totals triggers read an instant's São Paulo month from the table `sao_paulo_months`
 * (plain SQL, so any tool can write payments). The table must be the app's own calendar
 * (shared/sao-paulo-time.ts): every month start matches it, and the lookup the triggers use gives
 * `saoPauloMonthNumber` for instants across the years of daylight saving (before 2019) and after.
 * Should the zone change again (a law bringing daylight saving back, a new tzdata), this test fails
 * first: a migration then rewrites the rows from the new calendar and rebuilds both month totals.
 */
import { describe, expect, it } from 'vitest';
import { saoPauloInstant, saoPauloMonthNumber } from '../../shared/sao-paulo-time';
import { useTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
useTestApp((app) => (t = app));

/** The month lookup exactly as the view `payment_month_shares` and the `member_month_totals_*` triggers write it. */
const lookup = (ms: number) =>
  (
    t.database.sqlite
      .prepare(
        'select (select m.month from sao_paulo_months m where m.starts_at <= ? order by m.starts_at desc limit 1) as month',
      )
      .get(ms) as { month: number | null }
  ).month;

describe('sao_paulo_months, the calendar the triggers read', () => {
  it('holds the start of every São Paulo month from 1900 to 2199, as the app computes it', () => {
    const rows = t.database.sqlite
      .prepare('select month, starts_at from sao_paulo_months order by month')
      .all() as {
      month: number;
      starts_at: number;
    }[];
    const expected: { month: number; starts_at: number }[] = [];
    for (let year = 1900; year < 2200; year++) {
      for (let month = 1; month <= 12; month++) {
        expected.push({ month: year * 100 + month, starts_at: saoPauloInstant(year, month, 1).getTime() });
      }
    }
    expect(rows).toEqual(expected);
  });

  it('gives the São Paulo month at the edges of months begun in daylight saving (UTC−2) and after 2019', () => {
    // 1 January 2018 began at 02:00 UTC (daylight saving); 1 March 2018 at 03:00 UTC (standard time).
    expect(lookup(Date.UTC(2018, 0, 1, 1, 59, 59, 999))).toBe(201712);
    expect(lookup(Date.UTC(2018, 0, 1, 2))).toBe(201801);
    expect(lookup(Date.UTC(2018, 2, 1, 2, 59, 59, 999))).toBe(201802);
    expect(lookup(Date.UTC(2018, 2, 1, 3))).toBe(201803);
    // December 1999 and 2012: daylight saving; 2025: UTC−3 all year.
    expect(lookup(Date.UTC(1999, 11, 1, 1, 30))).toBe(199911);
    expect(lookup(Date.UTC(1999, 11, 1, 2))).toBe(199912);
    expect(lookup(Date.UTC(2012, 11, 1, 1, 30))).toBe(201211);
    expect(lookup(Date.UTC(2025, 11, 1, 2, 30))).toBe(202511);
    expect(lookup(Date.UTC(2025, 11, 1, 3))).toBe(202512);
  });

  it('agrees with saoPauloMonthNumber on instants from 1985 to 2060 and at every month edge', () => {
    let seed = 39;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1985, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    const instants: number[] = [];
    for (let i = 0; i < 3000; i++) instants.push(Math.floor(from + random() * (to - from)));
    for (let year = 1985; year < 2060; year++) {
      for (let month = 1; month <= 12; month++) {
        const start = saoPauloInstant(year, month, 1).getTime();
        instants.push(start - 1, start, start + 1);
      }
    }
    for (const ms of instants) expect(lookup(ms), new Date(ms).toISOString()).toBe(saoPauloMonthNumber(ms));
  });

  it('puts a payment and its member span in the São Paulo months of daylight-saving edges', () => {
    const sqlite = t.database.sqlite;
    // Paid 31/12/2017 at 23:30 in São Paulo (01:30 UTC, daylight saving); the period ends
    // 30/11/2018 at 23:30 (01:30 UTC on 1 December, daylight saving again).
    const paidAt = Date.UTC(2018, 0, 1, 1, 30);
    const periodEnd = Date.UTC(2018, 11, 1, 1, 30);
    sqlite
      .prepare(
        `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price, referral_code,
           approved_at, subscription_end_date, created_at, updated_at)
         values ('s-dst', 'Pessoa DST', 'dst@exemplo.com.br', '11987654321', 'active', 'paid', 149700, 'R-DST', ?, ?, ?, ?)`,
      )
      .run(paidAt - 1000, periodEnd, paidAt - 1000, paidAt - 1000);
    sqlite
      .prepare(
        `insert into payments (id, transaction_id, subscriber_id, amount, status, method, provider, description,
           paid_at, previous_end_date, period_end_date, created_at, updated_at)
         values ('p-dst', 'tx-dst', 's-dst', 149700, 'paid', 'pix', 'sandbox', 'Assinatura anual', ?, null, ?, ?, ?)`,
      )
      .run(paidAt, periodEnd, paidAt, paidAt);
    const months = (table: string) => sqlite.prepare(`select * from ${table} order by month`).all();
    expect(months('payment_month_totals')).toEqual([
      { month: 201712, revenue: 149700, periods_begun: 1, periods_ended: 0, periods_renewed: 0 },
      { month: 201811, revenue: 0, periods_begun: 0, periods_ended: 1, periods_renewed: 0 },
    ]);
    expect(months('member_month_totals')).toEqual([
      { month: 201712, spans_begun: 1, spans_ended: 0 },
      { month: 201811, spans_begun: 0, spans_ended: 1 },
    ]);
  });
});
