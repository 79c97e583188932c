import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { HELENA_CODE, HELENA_DAYS_LEFT } from './member-portal';
import { login as accountsLogin } from '../identity/accounts/sign-in';
import { statusCounts } from '../referrals/admin-list';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo seed: member portal', () => {
  it('Helena signs in and sees the 30-day warning and referrals in every status; a second run adds nothing', async () => {
    const { ctx } = await runSeed(t.services);
    const helena = ctx.users.helena!;
    const login = await accountsLogin(t.services.accounts, {
      email: helena.email,
      password: helena.password,
    });
    const caller = t.caller(login.token);
    const overview = await caller.member.overview();
    expect(overview.subscription).toMatchObject({
      status: 'active',
      daysLeft: HELENA_DAYS_LEFT,
      renewalWarning: 'warning',
      canRenew: true,
      renewalPlan: 'renewal',
    });
    const summary = await caller.referrals.mine();
    expect(summary.myReferralCode).toBe(HELENA_CODE);
    // Four in every status, and Sílvia's confirmed one for the batch payout (commission-payouts.ts).
    expect(summary.totalReferrals).toBe(5);
    // The summary lists the non-cancelled ones; the admin list has all four statuses.
    expect(summary.activeReferrals.map((row) => row.status).sort()).toEqual([
      'confirmed',
      'confirmed',
      'paid',
      'pending',
    ]);
    const totalsBefore = statusCounts(t.services.referrals);
    expect(totalsBefore).toEqual({ pending: 2, confirmed: 5, paid: 2, cancelled: 2 });

    const second = await runSeed(t.services);
    expect(second.lines).toContain(
      `portal do confrade: 0 registros criados (Helena: renovação em ${HELENA_DAYS_LEFT} dias, indicações em todos os status, código ${HELENA_CODE})`,
    );
    expect(statusCounts(t.services.referrals)).toEqual(totalsBefore);
  });
});
