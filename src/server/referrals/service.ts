/**
 * Referral programme (docs/product/decisions.md §3.6): clicks on a member's link (once per visitor per day), the
 * tie between a new subscriber and the referrer, and the referrer's 10% commission, confirmed
 * exactly once when the referred subscriber's payment is confirmed.
 * Each part lives in `referrals/`, module-level functions taking the dependencies first.
 */
import type { AdminReferralListInput } from '../../shared/member-schemas';
import type { ServiceDeps } from '../lib/deps';
import { adminList, statusCounts } from './admin-list';
import {
  attach,
  cancelForPayment,
  confirmForPayment,
  markPaid,
  prepareCommissionStatements,
  recordClick,
} from './commissions';
import { prepareSummaryStatements, summary } from './member-summary';

export { commissionOf, REFERRAL_MSG } from './commissions';
export { REFERRAL_SUMMARY_PAGE_SIZE, type ReferralSummary } from './member-summary';

export function createReferralsService(deps: ServiceDeps) {
  const statements = prepareSummaryStatements(deps.db);
  const commissions = prepareCommissionStatements(deps.db);
  return {
    recordClick: (code: string, visitorKey: string) => recordClick(deps, code, visitorKey),
    attach: (
      referred: { id: string; referredBy: string | null; paymentStatus: string },
      code: string,
      amount: number,
    ) => attach(deps, referred, code, amount),
    confirmForPayment: (referredId: string, paymentId: string, amount: number, at: Date) =>
      confirmForPayment(commissions, referredId, paymentId, amount, at),
    cancelForPayment: (paymentId: string, at: Date) => cancelForPayment(deps, paymentId, at),
    markPaid: (id: string, adminId: string) => markPaid(deps, id, adminId),
    summary: (subscriber: { id: string; referralCode: string }, page?: number) =>
      summary(deps, statements, subscriber, page),
    adminList: (input: AdminReferralListInput) => adminList(deps, input),
    totals: () => statusCounts(deps),
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
