/**
 * The card a paid card checkout left at the provider, kept for automatic renewal: the provider's
 * references, brand, last four and expiry (never the number). A newer paid card replaces it; the
 * member's choice (on or off) stays as it was — a new card is used from the next charge on.
 */
import { automaticRenewals } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { PaymentProviderName, SavedCard } from '../providers/types';

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
