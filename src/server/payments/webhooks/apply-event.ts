/** A verified event applied through payment-confirmation, and written to the payment's history. */
import type { Payment, PaymentLink } from '../../db/schema';
import type { ChargeResult, PaymentEvent } from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import { PROVIDER } from '../../membership/subscribers/lifecycle';
import type { WebhooksContext } from './context';
import { applyDispute } from '../refunds/apply-disputes';
import { findLink, findPayment, unrecordedCharge } from './find-target';
import { paymentByCharge } from '../confirmation/context';
import { markRefunded, refundReverted } from '../refunds/confirm-refund';
import { cancelPayment, confirmPayment, failPayment } from '../confirmation/confirm-payment';
import { confirmLink, recordLinkFailure, expireLink } from '../confirmation/confirm-link';
import type { ConfirmResult } from '../confirmation/result';

/** What applying an event did, for the answer and for the payment's history. */
interface Applied {
  result: 'processed' | 'ignored' | 'not_found';
  paymentId?: string | null;
  linkId?: string | null;
  change: string;
}

const changeOf = (result: ConfirmResult) => (result.confirmed ? 'confirmed' : result.reason);

const processedFor = (payment: Payment) => ({
  result: 'processed' as const,
  paymentId: payment.id,
  linkId: payment.paymentLinkId,
});

/**
 * `refunded` (cancelled, voided, charged back) is about one charge: only the paid payment holding
 * that very charge is refunded; a pending attempt holding it (a PIX that expired) is cancelled,
 * itself only. Never by our reference or link: a stale attempt's cancel must not touch the
 * payment that did go through (ADR 030).
 */
function applyRefunded(ctx: WebhooksContext, event: PaymentEvent): Applied {
  const { confirmation } = ctx;
  const payment = paymentByCharge(confirmation, ctx.provider.name, event.charge?.providerChargeId);
  if (!payment) return unrecordedCharge(ctx, event);
  const base = processedFor(payment);
  if (payment.status === 'paid') {
    const done = markRefunded(confirmation, payment, PAYMENT_MSG.refundedByProvider, PROVIDER);
    return { ...base, change: done ? 'refunded' : 'none' };
  }
  if (payment.status === 'pending') {
    return { ...base, change: cancelPayment(confirmation, payment.id) ? 'cancelled' : 'none' };
  }
  return { ...base, change: 'none' };
}

/** The charge paid again while its refund was in progress: the refund did not go through. */
function applyRefundReverted(ctx: WebhooksContext, event: PaymentEvent): Applied | null {
  const held = paymentByCharge(ctx.confirmation, ctx.provider.name, event.charge?.providerChargeId);
  if (held?.refundStatus !== 'processing' || !refundReverted(ctx.confirmation, held.id)) return null;
  return { ...processedFor(held), change: 'refund_reverted' };
}

function applyToLink({ confirmation }: WebhooksContext, event: PaymentEvent, link: PaymentLink): Applied {
  if (event.outcome === 'paid') {
    const confirmed = confirmLink(confirmation, link, event.charge);
    const paymentId = confirmed.confirmed || 'paymentId' in confirmed ? confirmed.paymentId : link.paymentId;
    return { result: 'processed', linkId: link.id, paymentId, change: changeOf(confirmed) };
  }
  if (event.outcome === 'failed') {
    recordLinkFailure(confirmation, link, event.charge);
    return { result: 'processed', linkId: link.id, change: 'failed' };
  }
  return {
    result: 'processed',
    linkId: link.id,
    change: expireLink(confirmation, link.id) ? 'expired' : 'none',
  };
}

/**
 * Whether an event's charge is this payment's current attempt: its charge, else (none on file yet)
 * its order. Never the order code alone, which every attempt of a payment shares (ADR 030); an
 * attempt whose answer was lost is settled by its lookup, which tells attempts apart.
 */
function ofCurrentAttempt(payment: Payment, charge: ChargeResult | null): boolean {
  if (!charge) return false;
  if (payment.providerChargeId) return charge.providerChargeId === payment.providerChargeId;
  return Boolean(payment.providerOrderId && charge.providerOrderId === payment.providerOrderId);
}

function applyToPayment({ confirmation }: WebhooksContext, event: PaymentEvent, payment: Payment): Applied {
  const base = processedFor(payment);
  // Money is money whichever attempt it paid: confirmed, or a "cobrança duplicada".
  if (event.outcome === 'paid') {
    return { ...base, change: changeOf(confirmPayment(confirmation, payment, event.charge)) };
  }
  // A failure or an expiry of an earlier attempt never ends the current one.
  if (!ofCurrentAttempt(payment, event.charge)) return { ...base, change: 'other_attempt' };
  if (event.outcome === 'failed') {
    return { ...base, change: failPayment(confirmation, payment.id, event.charge) ? 'failed' : 'none' };
  }
  return { ...base, change: cancelPayment(confirmation, payment.id) ? 'cancelled' : 'none' };
}

/** Applies a verified event. 'not_found' when it names nothing of ours. */
function apply(ctx: WebhooksContext, event: PaymentEvent): Applied {
  if (event.outcome === 'ignored') return { result: 'ignored', change: 'none' };
  if (event.outcome === 'refunded') return applyRefunded(ctx, event);
  if (event.outcome === 'chargedback' || event.outcome === 'partially_refunded')
    return applyDispute(ctx, event);
  const reverted = event.outcome === 'paid' ? applyRefundReverted(ctx, event) : null;
  if (reverted) return reverted;
  const link = findLink(ctx, event);
  if (link) return applyToLink(ctx, event, link);
  const payment = findPayment(ctx, event);
  if (!payment) return { result: 'not_found', change: 'none' };
  return applyToPayment(ctx, event, payment);
}

/** Applies a verified event and writes what it changed to the payment's (or link's) history. */
export function applyEvent(ctx: WebhooksContext, event: PaymentEvent): Applied['result'] {
  const applied = apply(ctx, event);
  if (applied.result === 'processed') {
    ctx.confirmation.history.record({
      paymentId: applied.paymentId,
      linkId: applied.linkId,
      source: 'webhook',
      kind: 'webhook',
      details: {
        type: event.type,
        outcome: event.outcome,
        change: applied.change,
        orderId: event.charge?.providerOrderId ?? null,
        chargeId: event.charge?.providerChargeId ?? null,
      },
    });
  }
  return applied.result;
}
