/**
 * "Membership in force", status by status, with the test clock moving across the end of the paid
 * period: the rule itself, the files' access check and the portal's `hasAccess` agree everywhere.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { makeMember } from '../../../tests/member';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../shared/plans';
import { membershipInForce } from './membership';
import { DAY_MS } from '../../shared/sao-paulo-time';

let t: TestApp;
useTestApp((app) => (t = app));

/** In force with 5 days left, and once the clock passed the end date. */
const EXPECTED: Record<SubscriberStatus, { running: boolean; ended: boolean }> = {
  active: { running: true, ended: false },
  cancelled: { running: true, ended: false },
  pending: { running: false, ended: false },
  pending_payment: { running: false, ended: false },
  expired: { running: false, ended: false },
  inactive: { running: false, ended: false },
};

describe('membershipInForce', () => {
  it.each(SUBSCRIBER_STATUSES)('%s: before and after the end of the paid period', async (status) => {
    const member = await makeMember(t, { status, endInDays: 5, approved: status !== 'pending' });
    const inForce = async () => {
      const viewer = { id: member.userId, role: 'user' as const };
      const byRule = t.services.membership.mayUseFiles(viewer);
      const overview = await t.caller(member.token).member.overview();
      // The portal shows the same answer the files' access check gives.
      expect(overview.subscription?.hasAccess).toBe(byRule);
      return byRule;
    };
    expect(await inForce()).toBe(EXPECTED[status].running);
    t.clock.advance(5 * DAY_MS - 1000);
    expect(await inForce()).toBe(EXPECTED[status].running);
    t.clock.advance(1000);
    expect(await inForce()).toBe(EXPECTED[status].ended);
  });

  it('an active record without an end date (made active by hand) is in force; a cancelled one is not', () => {
    const now = t.clock.now();
    expect(membershipInForce({ status: 'active', subscriptionEndDate: null }, now)).toBe(true);
    expect(membershipInForce({ status: 'cancelled', subscriptionEndDate: null }, now)).toBe(false);
    expect(membershipInForce(null, now)).toBe(false);
  });

  it('admins always; an account without a record never', async () => {
    const admin = await t.signIn('admin');
    const lone = await t.signIn('user');
    expect(t.services.membership.mayUseFiles({ id: admin.userId, role: 'admin' })).toBe(true);
    expect(t.services.membership.mayUseFiles({ id: lone.userId, role: 'user' })).toBe(false);
  });
});
