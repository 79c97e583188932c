import type { ChargeResult, PaymentProviderName } from '../providers/types';
import { paymentByCharge, type ConfirmationContext } from './context';

/** Paid in full: the provider said how much, and it is at least what was due. */
export function paidInFull(
  charge: ChargeResult | null,
  due: number,
): charge is ChargeResult & { amount: number } {
  return charge !== null && charge.amount !== null && charge.amount > 0 && charge.amount >= due;
}

/** Some money, less than due (Pagar.me `underpaid`, a PIX paid short). */
export function paidLess(
  charge: ChargeResult | null,
  due: number,
): charge is ChargeResult & { amount: number } {
  return charge !== null && charge.amount !== null && charge.amount > 0 && charge.amount < due;
}

/** The payment columns a provider's charge fills. */
export const chargeFields = (charge: ChargeResult | null) => ({
  transactionId: charge?.providerChargeId ?? null,
  method: charge?.method ?? null,
  cardBrand: charge?.cardBrand ?? null,
  cardLast4: charge?.cardLast4 ?? null,
  providerOrderId: charge?.providerOrderId ?? null,
  providerChargeId: charge?.providerChargeId ?? null,
});

/** A charge on file for a payment other than `paymentId` (or not of this link): never moved. */
export function foreignCharge(
  ctx: ConfirmationContext,
  provider: PaymentProviderName,
  charge: ChargeResult | null,
  owner: { paymentId?: string; linkId?: string },
): boolean {
  const known = paymentByCharge(ctx, provider, charge?.providerChargeId);
  if (!known) return false;
  if (owner.linkId) return known.paymentLinkId !== owner.linkId;
  return known.id !== owner.paymentId && known.extraChargeOf !== owner.paymentId;
}
