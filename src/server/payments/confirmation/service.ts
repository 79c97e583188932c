/**
 * What happens when money moves, exactly once: a link or an in-page charge is claimed with a
 * conditional update (`where status <> 'paid'`) inside one transaction, so a webhook replayed or
 * delivered twenty times at once records one payment, extends the period once (docs/product/decisions.md §3.2),
 * confirms one commission and queues one e-mail. Failures and expiries follow the same pattern.
 * Each step lives in `payment-confirmation/`, a module-level function taking the context first.
 */
import type { Payment, PaymentLink } from '../../db/schema';
import type { ChargeResult, PaymentProviderName } from '../providers/types';
import { queueConfirmationEmail } from './after-paid';
import { cancelPayment, confirmPayment, failPayment } from './confirm-payment';
import { confirmLink, expireLink, recordLinkFailure } from './confirm-link';
import { createConfirmationContext, paymentByCharge, type PaymentConfirmationDeps } from './context';
import {
  markChargedBack,
  recordPartialRefund,
  refundTarget,
  settleRefundFromCharge,
} from '../refunds/disputes';
import { markRefunded, refundReverted } from '../refunds/confirm-refund';
import type { HistoryInput } from '../history';
import type { Actor } from '../../membership/subscribers/lifecycle';

export type { ConfirmResult } from './result';
export type { PaymentConfirmationDeps };

export function createPaymentConfirmation(deps: PaymentConfirmationDeps) {
  const ctx = createConfirmationContext(deps);
  return {
    queueConfirmationEmail: (paymentId: string) => queueConfirmationEmail(ctx, paymentId),
    paymentByCharge: (provider: PaymentProviderName, chargeId: string | null | undefined) =>
      paymentByCharge(ctx, provider, chargeId),
    confirmLink: (link: PaymentLink, charge: ChargeResult | null) => confirmLink(ctx, link, charge),
    recordLinkFailure: (link: PaymentLink, charge: ChargeResult | null) =>
      recordLinkFailure(ctx, link, charge),
    expireLink: (linkId: string) => expireLink(ctx, linkId),
    confirmPayment: (payment: Payment, charge: ChargeResult | null) => confirmPayment(ctx, payment, charge),
    failPayment: (paymentId: string, charge: ChargeResult | null, reason?: string | null) =>
      failPayment(ctx, paymentId, charge, reason),
    cancelPayment: (paymentId: string, options?: { atDeadline?: boolean }) =>
      cancelPayment(ctx, paymentId, options),
    markRefunded: (payment: Payment, reason: string, actor: Actor) =>
      markRefunded(ctx, payment, reason, actor),
    refundReverted: (paymentId: string) => refundReverted(ctx, paymentId),
    // Refunds and disputes (issue 36).
    markChargedBack: (payment: Payment) => markChargedBack(ctx, payment),
    recordPartialRefund: (payment: Payment, charge: Pick<ChargeResult, 'refundedAmount'>) =>
      recordPartialRefund(ctx, payment, charge),
    refundTarget: (payment: Payment) => refundTarget(ctx, payment),
    settleRefundFromCharge: (payment: Payment, charge: ChargeResult | null, reason: string, actor: Actor) =>
      settleRefundFromCharge(ctx, payment, charge, reason, actor),
    /** Writes the payment's history (history.ts), shared by every payment service. */
    history: ctx.history,
  };
}

export type { HistoryInput };

export type PaymentConfirmation = ReturnType<typeof createPaymentConfirmation>;
