/**
 * One definition of "active member" (ADR 035): the dashboard's tile is the members chart's last
 * point, on the demo club and at the edges (a period ending or starting today, awaiting approval,
 * refunded, cancelled with paid time left, switched off).
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from '../seed';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
useTestApp((app) => (t = app));

interface Person {
  id: string;
  status: 'active' | 'pending' | 'cancelled' | 'inactive' | 'expired';
  approvedAt: number | null;
  payment: { status: 'paid' | 'refunded'; paidAt: number; periodEnd: number; previousEnd?: number };
}

function insert(person: Person) {
  const sqlite = t.database.sqlite;
  const created = person.payment.paidAt - DAY;
  sqlite
    .prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price, referral_code,
         approved_at, subscription_end_date, created_at, updated_at)
       values (?, ?, ?, '11987654321', ?, 'paid', 149700, ?, ?, ?, ?, ?)`,
    )
    .run(
      person.id,
      `Pessoa ${person.id}`,
      `${person.id}@exemplo.com.br`,
      person.status,
      `R-${person.id}`,
      person.approvedAt,
      person.payment.periodEnd,
      created,
      created,
    );
  sqlite
    .prepare(
      `insert into payments (id, transaction_id, subscriber_id, amount, status, method, provider, description,
         paid_at, previous_end_date, period_end_date, created_at, updated_at)
       values (?, ?, ?, 149700, ?, 'pix', 'sandbox', 'Assinatura anual', ?, ?, ?, ?, ?)`,
    )
    .run(
      `p-${person.id}`,
      `tx-${person.id}`,
      person.id,
      person.payment.status,
      person.payment.paidAt,
      person.payment.previousEnd ?? null,
      person.payment.periodEnd,
      person.payment.paidAt,
      person.payment.paidAt,
    );
}

describe('active members: the tile and the chart', () => {
  it('agree on the demo club: the tile is the chart’s last point', async () => {
    await runSeed(t.services);
    const figures = t.services.adminReports.dashboard();
    expect(figures.activeMembersByMonth.at(-1)).toMatchObject({ month: '2026-11' });
    expect(figures.activeMembers).toBe(figures.activeMembersByMonth.at(-1)!.value);
    // The demo's three paid newcomers awaiting approval are not members yet.
    expect(figures.activeMembers).toBe(2 + 30 + 4 + 1 + 1 + 1);
  });

  it('count who is in force now, at the edges of a period, and the same a month ago', () => {
    const now = t.clock.now().getTime();
    const yearAgo = now - 365 * DAY;
    const people: Person[] = [
      // Ended two hours ago (today): no longer a member.
      {
        id: 'ended-today',
        status: 'active',
        approvedAt: yearAgo,
        payment: { status: 'paid', paidAt: yearAgo - 2 * HOUR, periodEnd: now - 2 * HOUR },
      },
      // Ends later today: still a member.
      {
        id: 'ends-tonight',
        status: 'active',
        approvedAt: yearAgo,
        payment: { status: 'paid', paidAt: yearAgo + 6 * HOUR, periodEnd: now + 6 * HOUR },
      },
      // Paid and approved this morning: a member from then on.
      {
        id: 'started-today',
        status: 'active',
        approvedAt: now - HOUR,
        payment: { status: 'paid', paidAt: now - 3 * HOUR, periodEnd: now - 3 * HOUR + 365 * DAY },
      },
      // Paid this morning, awaiting approval: not yet.
      {
        id: 'awaiting',
        status: 'pending',
        approvedAt: null,
        payment: { status: 'paid', paidAt: now - 3 * HOUR, periodEnd: now - 3 * HOUR + 365 * DAY },
      },
      // Refunded: the period was given back.
      {
        id: 'refunded',
        status: 'cancelled',
        approvedAt: now - 40 * DAY,
        payment: { status: 'refunded', paidAt: now - 40 * DAY, periodEnd: now + 325 * DAY },
      },
      // Cancelled with paid time left: a member until it runs out.
      {
        id: 'cancelled',
        status: 'cancelled',
        approvedAt: now - 100 * DAY,
        payment: { status: 'paid', paidAt: now - 100 * DAY, periodEnd: now + 265 * DAY },
      },
      // Switched off by the club: not counted.
      {
        id: 'off',
        status: 'inactive',
        approvedAt: now - 100 * DAY,
        payment: { status: 'paid', paidAt: now - 100 * DAY, periodEnd: now + 265 * DAY },
      },
    ];
    people.forEach(insert);

    const figures = t.services.adminReports.dashboard();
    // ends-tonight, started-today, cancelled.
    expect(figures.activeMembers).toBe(3);
    expect(figures.activeMembersByMonth.at(-1)).toEqual({ month: '2026-11', label: 'nov/26', value: 3 });
    // At October's last instant: ended-today and ends-tonight (both still running), cancelled (paid
    // and approved in August); nobody else had paid, been approved, or kept a period then.
    expect(figures.activeMembersByMonth.at(-2)).toEqual({ month: '2026-10', label: 'out/26', value: 3 });
  });
});
