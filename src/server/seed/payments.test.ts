import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import {
  PAYMENT_LINK_STATUSES,
  PAYMENT_STATUSES,
  REFERRAL_STATUSES,
  SUBSCRIBER_STATUSES,
} from '../../shared/plans';
import { runSeed } from './index';
import { login } from '../identity/accounts/sign-in';
import { listForUser } from '../payments/links/member-links';
import { statusPublic } from '../payments/links/link-status';
import { summary } from '../referrals/member-summary';
import { dashboard } from '../reports/dashboard';

let t: TestApp;
useTestApp((app) => (t = app));

const distinct = (table: string, column: string) =>
  (t.database.sqlite.prepare(`select distinct ${column} as v from ${table}`).all() as { v: string }[])
    .map((row) => row.v)
    .sort();

describe('payments demo seed', () => {
  it('fills subscribers in every status, payments, links and referrals in every state; idempotent', async () => {
    await runSeed(t.services);
    expect(distinct('subscribers', 'status')).toEqual([...SUBSCRIBER_STATUSES].sort());
    expect(distinct('payments', 'status')).toEqual([...PAYMENT_STATUSES].sort());
    expect(distinct('payment_links', 'status')).toEqual([...PAYMENT_LINK_STATUSES].sort());
    expect(distinct('referrals', 'status')).toEqual([...REFERRAL_STATUSES].sort());

    // Demo members see their own subscriber record, and the open renewal link is visible on the tracking page.
    const rafael = await login(t.services.accounts, {
      email: 'rafael@confraria.local',
      password: 'confrade123',
    });
    const links = listForUser(t.services.paymentLinks, rafael.user);
    expect(links).toEqual([
      expect.objectContaining({ planType: 'renewal', amount: 89700, status: 'pending' }),
    ]);
    expect(statusPublic(t.services.paymentLinks, links[0]?.id ?? '').status).toBe('pending');
    const mariana = t.services.subscribers.findByEmail('mariana@confraria.local');
    expect(summary(t.services.referrals, mariana ?? { id: '', referralCode: '' })).toMatchObject({
      // Two from the payments module, one more due for the batch payout (commission-payouts.ts).
      totalReferrals: 4,
    });

    const counts = () =>
      t.database.sqlite
        .prepare('select (select count(*) from subscribers) s, (select count(*) from payments) p')
        .get();
    const before = counts();
    const second = await runSeed(t.services);
    expect(counts()).toEqual(before);
    expect(second.lines.some((line) => line.includes('0 assinantes criados'))).toBe(true);
  });

  it('gives the dashboard a year of history: every month has revenue and members, renewals, expiries', async () => {
    await runSeed(t.services);
    const figures = dashboard(t.services.adminReports);
    expect(figures.revenueByMonth.filter((month) => month.value > 0)).toHaveLength(12);
    expect(figures.activeMembersByMonth.every((month) => month.value > 0)).toBe(true);
    // The club grew over the year.
    expect(figures.activeMembersByMonth.at(-1)!.value).toBeGreaterThan(
      figures.activeMembersByMonth[0]!.value + 10,
    );
    expect(figures).toMatchObject({
      // Mariana, Carolina, 30 newcomers of the year, 4 veterans who renewed, the one whose card failed,
      // Helena of the member-portal seed, Tereza who renewed (renewal seed) and Otávio Prado, whose
      // automatic renewal is in retry (automatic-renewal seed).
      activeMembers: 2 + 30 + 4 + 1 + 1 + 1 + 1,
      // Beatriz, the two paid this week, two people Helena referred (paid, awaiting approval), and
      // Otávio, whose payment proposed changes to his record (proposed-changes seed).
      pendingApprovals: 3 + 2 + 1,
      // Of the years that ended in the last 12 months (six veterans, Rafael and Tereza), five were
      // renewed.
      renewalRate: 62.5,
      // Three of this seed, Helena (renewal due in 20 days) and Otávio Prado (due tomorrow, in retry).
      expiringIn30Days: 3 + 1 + 1,
      // Of those, Helena and Otávio renew automatically; Otávio's was declined and is in retry.
      renewalsDueAutomatic: 2,
      renewalsDueManual: 3,
      automaticRenewalsRetrying: 1,
    });
    expect(figures.newMembersThisMonth).toBeGreaterThan(0);
    expect(figures.failedPaymentsLast30Days).toBeGreaterThanOrEqual(2);
    expect(figures.nextActions.map((action) => action.kind)).toEqual(['approve', 'renew', 'failed']);
  });
});
