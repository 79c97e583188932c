/**
 * The back office's indexes on a club of a few hundred rows, against brute force
 * (ADR 026): the search indexes and the month totals are kept by triggers through every
 * insert, update and delete, and each way of reading a search page (sorting the matches, or walking
 * the sort's index) gives the page and total a plain filter and sort of every row would give.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { paymentListInput } from '../../shared/admin-schemas';
import { subscriberListInput } from '../../shared/subscriber-schemas';
import {
  monthTotalsByBruteForce as bruteForce,
  storedMonthTotals as stored,
} from '../../../tests/month-totals';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { dashboard } from './dashboard';
import { list } from '../membership/subscribers/admin/list';
import { listPayments } from './payment-list';

const NOW = new Date('2026-11-20T15:00:00Z');
const FIRST = ['Ana', 'Bruno', 'Cecília', 'Davi', 'Érica', 'Fábio'];
const LAST = ['Souza', 'Teixeira', 'Lima', 'Araújo', 'Oliveira', 'Gonçalves', 'Nóbrega'];
const STATUSES = ['active', 'active', 'expired', 'pending', 'cancelled'] as const;
const PAY_STATUSES = ['paid', 'paid', 'paid', 'failed', 'refunded', 'pending'] as const;

let t: TestApp;
let sqlite: Database.Database;

/** A small deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function fillClub(subscriberCount: number) {
  const next = random(42);
  const subscriber = sqlite.prepare(
    `insert into subscribers (id, name, email, phone, cpf, status, payment_status, subscription_price,
       referral_code, created_at, updated_at, approved_at) values (?, ?, ?, ?, ?, ?, 'paid', ?, ?, ?, ?, ?)`,
  );
  const payment = sqlite.prepare(
    `insert into payments (id, transaction_id, subscriber_id, amount, status, method, provider, description,
       paid_at, previous_end_date, period_end_date, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'pix', 'sandbox', 'Assinatura anual', ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < subscriberCount; i++) {
      const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(next() * LAST.length)]}`;
      // Distinct creation instants: every sort has one right order (ties go by creation, newest first).
      const created = NOW.getTime() - Math.floor(next() * 900) * DAY_MS - i * 1000;
      subscriber.run(
        `s${i}`,
        name,
        `pessoa${i}@exemplo.com.br`,
        `1198${String(1_000_000 + i * 7_919).slice(0, 7)}`,
        i % 4 === 0 ? null : String(10_000_000_000 + i * 104_729).slice(0, 11),
        STATUSES[i % STATUSES.length],
        [149_700, 89_700][i % 2],
        `CODE${i}`,
        created,
        created,
        // Approved a few days after joining, except those still waiting (or never paid).
        ['pending', 'pending_payment'].includes(STATUSES[i % STATUSES.length]!) ? null : created + 5 * DAY_MS,
      );
      let end: number | null = null;
      for (let k = 0; k < 1 + Math.floor(next() * 3); k++) {
        const status = PAY_STATUSES[Math.floor(next() * PAY_STATUSES.length)]!;
        const paid = status === 'paid' || status === 'refunded';
        const at = created + k * 330 * DAY_MS + Math.floor(next() * 20) * DAY_MS;
        // A renewal paid before the end it extends begins there (previous_end_date).
        const previous: number | null = paid && end !== null ? end : null;
        const periodEnd: number | null = paid ? Math.max(at, previous ?? 0) + 365 * DAY_MS : null;
        if (paid && status === 'paid') end = periodEnd;
        payment.run(
          `p${i}-${k}`,
          `tx-${i}-${k}`,
          `s${i}`,
          k === 0 ? 149_700 : 89_700,
          status,
          paid ? at : null,
          previous,
          periodEnd,
          at,
          at,
        );
      }
    }
  })();
}

const monthTotalsByBruteForce = () => bruteForce(sqlite);
const storedMonthTotals = () => stored(sqlite);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  sqlite = t.services.db.$client;
  fillClub(400);
});
afterAll(async () => {
  await t.close();
});

describe('payment_month_totals', () => {
  it('follows every insert, update and delete of payments, in the same transaction', () => {
    expect(storedMonthTotals()).toEqual(monthTotalsByBruteForce());
    // A refund, a changed amount, a moved period, a deleted payment and a deleted subscriber.
    sqlite.exec(
      `update payments set status = 'refunded' where id in (select id from payments where status = 'paid' limit 7)`,
    );
    sqlite.exec(
      `update payments set amount = amount + 100 where id in (select id from payments where status = 'paid' limit 5)`,
    );
    sqlite.exec(
      `update payments set period_end_date = period_end_date + ${40 * DAY_MS} where id in (select id from payments where status = 'paid' limit 9 offset 20)`,
    );
    sqlite.exec(
      `update payments set status = 'paid', paid_at = created_at, period_end_date = created_at + ${365 * DAY_MS} where status = 'failed'`,
    );
    sqlite.exec(
      `delete from payments where id in (select id from payments where status = 'paid' limit 3 offset 50)`,
    );
    sqlite.exec(`delete from subscribers where id = 's7'`);
    expect(storedMonthTotals()).toEqual(monthTotalsByBruteForce());
  });

  it('is rebuilt from the payments by its migration (an existing database)', () => {
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../../../drizzle/0025_one_home_money_time.sql'),
      'utf8',
    );
    const rebuild = migration.slice(migration.indexOf('DELETE FROM `payment_month_totals`'));
    sqlite.exec('update payment_month_totals set revenue = revenue + 1, periods_renewed = 0');
    expect(storedMonthTotals()).not.toEqual(monthTotalsByBruteForce());
    sqlite.exec(rebuild.replaceAll('--> statement-breakpoint', ''));
    expect(storedMonthTotals()).toEqual(monthTotalsByBruteForce());
  });

  it('gives the dashboard the figures a pass over every payment gives', () => {
    const figures = dashboard(t.services.adminReports);
    const paid = sqlite
      .prepare(
        `select subscriber_id, paid_at, previous_end_date, period_end_date, amount, s.approved_at, s.status as subscriber_status
         from payments join subscribers s on s.id = payments.subscriber_id
         where payments.status = 'paid' and paid_at is not null`,
      )
      .all() as {
      subscriber_id: string;
      paid_at: number;
      previous_end_date: number | null;
      period_end_date: number | null;
      amount: number;
      approved_at: number | null;
      subscriber_status: string;
    }[];
    expect(figures.revenueTotal).toBe(paid.reduce((total, row) => total + row.amount, 0));
    /** Active members at an instant, by brute force (ADR 035): approved, not switched off, a paid period running. */
    const activeAt = (at: number) =>
      new Set(
        paid
          .filter(
            (row) =>
              Math.max(row.paid_at, row.previous_end_date ?? 0) <= at &&
              row.period_end_date !== null &&
              row.period_end_date > at &&
              row.approved_at !== null &&
              row.approved_at <= at &&
              row.subscriber_status !== 'inactive',
          )
          // A member with two paid periods at once (a double charge) is one member.
          .map((row) => row.subscriber_id),
      ).size;
    for (const point of figures.activeMembersByMonth) {
      const [year, month] = point.month.split('-').map(Number) as [number, number];
      // The month's last moment in São Paulo, or now for the month under way.
      const end = Math.min(Date.UTC(year, month, 1) + 3 * 3600 * 1000 - 1, NOW.getTime());
      expect({ month: point.month, value: point.value }).toEqual({
        month: point.month,
        value: activeAt(end),
      });
    }
    // The tile is the chart's last point.
    expect(figures.activeMembers).toBe(figures.activeMembersByMonth.at(-1)!.value);
    expect(figures.activeMembersByMonth.some((point) => point.value > 20)).toBe(true);

    // Renewal rate over the last 365 days: paid periods that ended, and paid renewals of an end.
    const from = NOW.getTime() - 365 * DAY_MS;
    const within = (at: number | null) => at !== null && at >= from && at <= NOW.getTime();
    const ended = paid.filter(
      (row) =>
        within(row.period_end_date) &&
        row.period_end_date! > Math.max(row.paid_at, row.previous_end_date ?? 0),
    ).length;
    const renewed = (
      sqlite.prepare(`select previous_end_date from payments where status = 'paid'`).all() as {
        previous_end_date: number | null;
      }[]
    ).filter((row) => within(row.previous_end_date)).length;
    expect(ended).toBeGreaterThan(10);
    expect(renewed).toBeGreaterThan(5);
    expect(figures.renewalRate).toBe(Math.round((Math.min(renewed, ended) / ended) * 1000) / 10);

    // New members: subscribers whose first confirmed payment (paid or refunded) is this month.
    const firstPaid = new Map<string, number>();
    for (const row of sqlite
      .prepare(
        `select subscriber_id, paid_at from payments where status in ('paid', 'refunded') and paid_at is not null`,
      )
      .all() as { subscriber_id: string; paid_at: number }[]) {
      firstPaid.set(row.subscriber_id, Math.min(firstPaid.get(row.subscriber_id) ?? Infinity, row.paid_at));
    }
    const monthBegins = Date.UTC(2026, 10, 1, 3);
    const newMembers = [...firstPaid.values()].filter((at) => at >= monthBegins).length;
    expect(newMembers).toBeGreaterThan(0);
    expect(figures.newMembersThisMonth).toBe(newMembers);
  });
});

describe('search pages', () => {
  const subscriberRows = () =>
    sqlite
      .prepare('select id, name, email, phone, cpf, status, created_at, subscription_price from subscribers')
      .all() as {
      id: string;
      name: string;
      email: string;
      phone: string;
      cpf: string | null;
      status: string;
      created_at: number;
      subscription_price: number;
    }[];
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const matches = (row: { name: string; email: string; phone: string; cpf: string | null }, term: string) => {
    // Only a term typed like a phone or CPF is looked up in those columns.
    const digits = /^[\d\s().+\-/]+$/.test(term) ? term.replace(/\D/g, '') : '';
    return (
      fold(row.name).includes(fold(term)) ||
      fold(row.email).includes(fold(term)) ||
      (digits.length >= 3 && (row.phone.includes(digits) || (row.cpf ?? '').includes(digits)))
    );
  };

  // "teixeira" matches about a seventh of the club (the index is walked); "pessoa12" a dozen rows
  // and a phone fragment a few (the matches are sorted); "zzz" nothing.
  // Accents and case are ignored both ways ("Araujo" finds "Araújo", "ÉRICA" and "erica" "Érica").
  const TERMS = [
    'teixeira',
    'Araujo',
    'ARAÚJO',
    'gonçal',
    'ÉRICA',
    'erica',
    'pessoa12',
    '98100',
    '(11) 98100',
    'zzz',
    'an',
    'x981y',
  ];

  it('the subscriber list: each sort, both directions, several pages, same rows as brute force', () => {
    const all = subscriberRows();
    for (const search of TERMS) {
      for (const sortBy of ['createdAt', 'fullName', 'subscriptionPrice'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const column = {
            createdAt: 'created_at',
            fullName: 'name',
            subscriptionPrice: 'subscription_price',
          }[sortBy];
          const expected = all
            .filter((row) => matches(row, search))
            .sort((a, b) => {
              const x = a[column as keyof typeof a]!;
              const y = b[column as keyof typeof b]!;
              const primary = x < y ? -1 : x > y ? 1 : 0;
              return (sortOrder === 'asc' ? primary : -primary) || b.created_at - a.created_at;
            });
          for (const page of [1, 3]) {
            const input = subscriberListInput.parse({ search, sortBy, sortOrder, page, limit: 10 });
            const result = list(t.services.subscriberAdmin, input);
            const label = `${search} ${sortBy} ${sortOrder} page ${page}`;
            expect(result.pagination.total, label).toBe(expected.length);
            expect(
              result.subscribers.map((row) => row.id),
              label,
            ).toEqual(expected.slice((page - 1) * 10, page * 10).map((row) => row.id));
          }
        }
      }
    }
  });

  it('the subscriber list: a status filter with a search counts through the rows', () => {
    const expected = subscriberRows().filter((row) => row.status === 'active' && matches(row, 'teixeira'));
    const result = list(
      t.services.subscriberAdmin,
      subscriberListInput.parse({ search: 'teixeira', status: 'active' }),
    );
    expect(result.pagination.total).toBe(expected.length);
    expect(result.subscribers.every((row) => row.status === 'active')).toBe(true);
  });

  it('the payments list: matches by payer, a pasted transaction id, and follows a renamed payer', () => {
    const all = sqlite
      .prepare(
        `select p.id, p.created_at, s.name, s.email, s.phone, s.cpf from payments p join subscribers s on s.id = p.subscriber_id`,
      )
      .all() as {
      id: string;
      created_at: number;
      name: string;
      email: string;
      phone: string;
      cpf: string | null;
    }[];
    for (const search of TERMS) {
      const expected = all.filter((row) => matches(row, search)).sort((a, b) => b.created_at - a.created_at);
      for (const page of [1, 2]) {
        const result = listPayments(
          t.services.adminReports,
          paymentListInput.parse({ search, page, limit: 10 }),
        );
        expect(result.pagination.total, search).toBe(expected.length);
        expect(result.payments.map((row) => row.id)).toEqual(
          expected.slice((page - 1) * 10, page * 10).map((row) => row.id),
        );
      }
    }
    // A pasted transaction id finds its payment alone, though many payers' phones hold "120".
    const byTransaction = listPayments(
      t.services.adminReports,
      paymentListInput.parse({ search: 'tx-12-0', limit: 100 }),
    );
    expect(all.filter((row) => row.phone.includes('120')).length).toBeGreaterThan(1);
    expect(byTransaction.payments.map((row) => row.id)).toEqual(['p12-0']);
    expect(byTransaction.pagination.total).toBe(1);

    // An id no payer's text matches: found through its own index alone.
    sqlite.exec(`update payments set transaction_id = 'ch_QWZKXY' where id = 'p30-0'`);
    const byId = listPayments(t.services.adminReports, paymentListInput.parse({ search: 'ch_QWZKXY' }));
    expect(byId.pagination.total).toBe(1);
    expect(byId.payments.map((row) => row.id)).toEqual(['p30-0']);

    // The payments index follows the payer's record.
    sqlite.exec(`update subscribers set name = 'Quitéria Xavantes' where id = 's12'`);
    const renamed = listPayments(t.services.adminReports, paymentListInput.parse({ search: 'xavantes' }));
    expect(renamed.payments.map((row) => row.subscriberId)).toEqual(expect.arrayContaining(['s12']));
    expect(new Set(renamed.payments.map((row) => row.subscriberId))).toEqual(new Set(['s12']));
    const count = (
      sqlite.prepare(`select count(*) as n from payments where subscriber_id = 's12'`).get() as { n: number }
    ).n;
    expect(renamed.pagination.total).toBe(count);
    const withoutAccent = listPayments(
      t.services.adminReports,
      paymentListInput.parse({ search: 'quiteria' }),
    );
    expect(withoutAccent.pagination.total).toBe(count);

    // A name typed with combining accents (a letter, then its mark) is found either way.
    sqlite
      .prepare(`update subscribers set name = ? where id = 's12'`)
      .run('Jose\u0301 Conceic\u0327a\u0303o');
    for (const search of ['josé conceição', 'jose conceicao', 'CONCEIÇÃO']) {
      const found = listPayments(t.services.adminReports, paymentListInput.parse({ search }));
      expect(found.pagination.total, search).toBe(count);
    }
  });
});
