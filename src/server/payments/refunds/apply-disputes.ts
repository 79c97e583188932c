/**
 * Events about money already received other than a refund (ADR 030): a chargeback, and a
 * part of a paid charge given back from the provider's dashboard. Like refunds, each is about one
 * charge: only the payment holding that very charge changes.
 */
import type { PaymentEvent } from '../providers/types';
import type { WebhooksContext } from '../webhooks/context';
import { unrecordedCharge } from '../webhooks/find-target';
import { paymentByCharge } from '../confirmation/context';
import { markChargedBack, recordPartialRefund } from './disputes';

export interface DisputeApplied {
  result: 'processed' | 'not_found';
  paymentId?: string | null;
  linkId?: string | null;
  change: string;
}

/** `chargedback` / `partially_refunded`, applied to the paid payment holding the charge. */
export function applyDispute(ctx: WebhooksContext, event: PaymentEvent): DisputeApplied {
  const { confirmation } = ctx;
  const payment = paymentByCharge(confirmation, ctx.provider.name, event.charge?.providerChargeId);
  if (!payment) return unrecordedCharge(ctx, event);
  const base = { result: 'processed' as const, paymentId: payment.id, linkId: payment.paymentLinkId };
  if (payment.status !== 'paid' || !event.charge) return { ...base, change: 'none' };
  if (event.outcome === 'chargedback') {
    return { ...base, change: markChargedBack(confirmation, payment) ? 'chargedback' : 'none' };
  }
  const recorded = recordPartialRefund(confirmation, payment, event.charge);
  return { ...base, change: recorded ? 'partially_refunded' : 'none' };
}
