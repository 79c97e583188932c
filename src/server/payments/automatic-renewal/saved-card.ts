/**
 * The card a paid card checkout left at the provider, kept for automatic renewal: the provider's
 * references, brand, last four and expiry (never the number). A newer paid card replaces it; the
 * member's choice (on or off) stays as it was — a new card is used from the next charge on.
 */
import { automaticRenewals } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { ChargeResult, PaymentProviderName, SavedCard } from '../providers/types';

export function rememberCard(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  input: { subscriberId: string; provider: PaymentProviderName; card: SavedCard },
): void {
  const now = clock.now();
  const values = {
    provider: input.provider,
    providerCustomerId: input.card.providerCustomerId,
    providerCardId: input.card.providerCardId,
    cardBrand: input.card.brand,
    cardLast4: input.card.last4,
    cardExpMonth: input.card.expMonth,
    cardExpYear: input.card.expYear,
    cardSavedAt: now,
    updatedAt: now,
  };
  db.insert(automaticRenewals)
    .values({ subscriberId: input.subscriberId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: automaticRenewals.subscriberId, set: values })
    .run();
}

/**
 * The card of a payment just confirmed as paid, whatever brought the answer (the in-page card's
 * answer, the payment link's webhook, reconciliation): kept when the charge was a card and the
 * provider named the card it keeps. A PIX, or a charge without that reference, keeps nothing.
 */
export function rememberPaidCard(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  payment: { subscriberId: string; provider: PaymentProviderName },
  charge: Pick<ChargeResult, 'method' | 'savedCard'>,
): boolean {
  if (charge.method !== 'credit_card' || !charge.savedCard) return false;
  rememberCard(deps, {
    subscriberId: payment.subscriberId,
    provider: payment.provider,
    card: charge.savedCard,
  });
  return true;
}
