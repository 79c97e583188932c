/**
 * The old in-page checkout (card or PIX, docs/product/back-office-and-member-area.md §2): the charge and its status poll. A card arrives
 * as the provider's token (ADR 020); raw card fields only while the sandbox is the provider.
 * Each part lives in `in-page-charges/`, module-level functions taking the context first.
 */
import type { ProcessPaymentData } from '../../../shared/checkout-schemas';
import { createInPageContext, type InPageChargesDeps } from './context';
import { process } from './process';
import { status } from './status';
import { voidPendingChargesOf } from './void-charges';

export { qrImage } from './qr-image';
export type { InPageChargesDeps };

export function createInPageCharges(deps: InPageChargesDeps) {
  const ctx = createInPageContext(deps);
  return {
    process: (input: ProcessPaymentData) => process(ctx, input),
    status: (id: string) => status(ctx, id),
    /** An erasure's pass: the record's in-page charges nobody paid, voided at the provider. */
    voidPendingChargesOf: (subscriberId: string) => voidPendingChargesOf(ctx, subscriberId),
  };
}
