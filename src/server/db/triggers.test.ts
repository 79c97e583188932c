/**
 * What the migrated database keeps by itself (ADR 050): the search indexes, the outbox's counts
 * for health, and the money and membership figures ADR 050 measured a request cannot compute in
 * time on the bench's big club. A trigger or view added or dropped changes this list, and with it
 * the ADR's paragraph that says why it stays.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
useTestApp((app) => (t = app));

const named = (type: 'trigger' | 'view') =>
  (
    t.database.sqlite.prepare('select name from sqlite_master where type = ? order by name').all(type) as {
      name: string;
    }[]
  ).map((row) => row.name);

describe('the triggers and views of the migrated database', () => {
  it('are the search indexes, the outbox counts and the measured money and membership figures', () => {
    expect(named('trigger')).toEqual([
      'automatic_renewals_flag_delete',
      'automatic_renewals_flag_insert',
      'automatic_renewals_flag_update',
      'member_month_totals_delete',
      'member_month_totals_insert',
      'member_span_refreshes_run',
      'member_spans_payment_delete',
      'member_spans_payment_insert',
      'member_spans_payment_update',
      'member_spans_subscriber_delete',
      'member_spans_subscriber_update',
      'outbox_counts_delete',
      'outbox_counts_insert',
      'outbox_counts_update',
      'payment_month_totals_delete',
      'payment_month_totals_insert',
      'payment_month_totals_update_new',
      'payment_month_totals_update_old',
      'payments_search_delete',
      'payments_search_insert',
      'payments_search_move',
      'payments_search_subscriber',
      'subscribers_first_paid_delete',
      'subscribers_first_paid_insert',
      'subscribers_first_paid_update',
      'subscribers_search_delete',
      'subscribers_search_insert',
      'subscribers_search_update',
    ]);
    expect(named('view')).toEqual([
      'active_member_periods',
      'paid_periods',
      'paid_renewals',
      'payment_month_shares',
    ]);
  });

  it('keeps no count of subscribers by status: each list counts its own filter', () => {
    const tables = t.database.sqlite
      .prepare("select name from sqlite_master where type = 'table' and name = 'subscriber_status_counts'")
      .all();
    expect(tables).toEqual([]);
  });

  it('keeps each subscriber’s first confirmed payment date, whoever writes the payments', () => {
    // Written the way an owner repairing rows in the sqlite3 shell would: plain SQL, no app.
    const sqlite = t.database.sqlite;
    const subscriber = (id: string) =>
      sqlite
        .prepare("insert into subscribers (id, name, email, referral_code) values (?, 'Ana', ?, ?)")
        .run(id, `${id}@exemplo.com`, `REF${id}`);
    subscriber('s1');
    subscriber('s2');
    const pay = (id: string, status: string, paidAt: number | null, subscriberId = 's1') =>
      sqlite
        .prepare(
          "insert into payments (id, subscriber_id, amount, status, provider, description, paid_at) values (?, ?, 149700, ?, 'manual', 'Anuidade', ?)",
        )
        .run(id, subscriberId, status, paidAt);
    const firstPaid = (id = 's1') =>
      (
        sqlite.prepare('select first_paid_at as at from subscribers where id = ?').get(id) as {
          at: number | null;
        }
      ).at;

    pay('p-pending', 'pending', null);
    expect(firstPaid()).toBeNull();
    pay('p-june', 'paid', Date.UTC(2026, 5, 10));
    expect(firstPaid()).toBe(Date.UTC(2026, 5, 10));
    pay('p-july', 'paid', Date.UTC(2026, 6, 10));
    expect(firstPaid()).toBe(Date.UTC(2026, 5, 10));
    // A refunded first payment still counts (the member joined then).
    sqlite.prepare("update payments set status = 'refunded' where id = 'p-june'").run();
    expect(firstPaid()).toBe(Date.UTC(2026, 5, 10));
    // A chargeback is not a confirmed payment: the next one is the first.
    sqlite.prepare("update payments set status = 'chargedback' where id = 'p-june'").run();
    expect(firstPaid()).toBe(Date.UTC(2026, 6, 10));
    // An earlier payment confirmed later, a date corrected, a payment moved to another subscriber.
    sqlite
      .prepare("update payments set status = 'paid', paid_at = ? where id = 'p-pending'")
      .run(Date.UTC(2026, 4, 1));
    expect(firstPaid()).toBe(Date.UTC(2026, 4, 1));
    sqlite.prepare('update payments set paid_at = ? where id = ?').run(Date.UTC(2026, 7, 1), 'p-pending');
    expect(firstPaid()).toBe(Date.UTC(2026, 6, 10));
    sqlite.prepare("update payments set subscriber_id = 's2' where id = 'p-july'").run();
    expect([firstPaid(), firstPaid('s2')]).toEqual([Date.UTC(2026, 7, 1), Date.UTC(2026, 6, 10)]);
    sqlite.prepare("delete from payments where id = 'p-pending'").run();
    expect([firstPaid(), firstPaid('s2')]).toEqual([null, Date.UTC(2026, 6, 10)]);
  });
});
