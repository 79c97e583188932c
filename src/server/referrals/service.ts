/**
 * Referral programme (docs/product/decisions.md §3.6): clicks on a member's link (once per visitor per day), the
 * tie between a new subscriber and the referrer, and the referrer's 10% commission, confirmed
 * exactly once when the referred subscriber's payment is confirmed.
 * Each part lives in `referrals/`, module-level functions taking the dependencies first.
 */
import type { AdminReferralListInput } from '../../shared/member-schemas';
import type { ServiceDeps } from '../lib/deps';
import { adminList, statusCounts } from './admin-list';
import { attach, cancelForPayment, confirmForPayment, markPaid, recordClick } from './commissions';
import { createReferralsContext } from './context';
import { summary } from './member-summary';

export { commissionOf, REFERRAL_MSG } from './commissions';
export { REFERRAL_SUMMARY_PAGE_SIZE, type ReferralSummary } from './member-summary';

export function createReferralsService(deps: ServiceDeps) {
  const ctx = createReferralsContext(deps);
  return {
    recordClick: (code: string, visitorKey: string) => recordClick(ctx, code, visitorKey),
    attach: (
      referred: { id: string; referredBy: string | null; paymentStatus: string },
      code: string,
      amount: number,
    ) => attach(ctx, referred, code, amount),
    confirmForPayment: (referredId: string, paymentId: string, amount: number, at: Date) =>
      confirmForPayment(ctx, referredId, paymentId, amount, at),
    cancelForPayment: (paymentId: string, at: Date) => cancelForPayment(ctx, paymentId, at),
    markPaid: (id: string, adminId: string) => markPaid(ctx, id, adminId),
    summary: (subscriber: { id: string; referralCode: string }, page?: number) =>
      summary(ctx, subscriber, page),
    adminList: (input: AdminReferralListInput) => adminList(ctx, input),
    totals: () => statusCounts(ctx),
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
