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

  it('keeps no figure a request counts by itself: subscribers by status, a first payment', () => {
    const tables = t.database.sqlite
      .prepare("select name from sqlite_master where type = 'table' and name = 'subscriber_status_counts'")
      .all();
    expect(tables).toEqual([]);
    const columns = t.database.sqlite.prepare("select name from pragma_table_info('subscribers')").all();
    expect(columns).not.toContainEqual({ name: 'first_paid_at' });
  });
});
