/**
 * The card a paid card checkout left at the provider, kept for automatic renewal: the provider's
 * references, brand, last four and expiry (never the number). A newer paid card replaces it, with
 * one exception: while automatic renewal is on, its consent names a card, and only a payment made
 * from the member's own account (their renewal in "Minha Assinatura") may put another card in its
 * place — anyone can pay a checkout under a member's e-mail, and that card's holder agreed to one
 * payment, not to the member's renewals (ADR 052).
 */
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { automaticRenewals } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { ChargeResult, PaymentProviderName, SavedCard } from '../providers/types';
import { queueCardDeletion } from './card-deletions';

/**
 * On a re-save, what the answer left out (null) keeps the value on file when it is the same card:
 * a renewal order's answer may name the card without its brand or expiry, and the expiry is what
 * the card-expiry notice and the screens read. Another card keeps nothing of the old one.
 */
const keptIfSameCard = (column: AnyColumn, excluded: string) =>
  sql`case when ${automaticRenewals.providerCardId} = excluded.provider_card_id
    then coalesce(excluded.${sql.raw(excluded)}, ${column}) else excluded.${sql.raw(excluded)} end`;

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
  // One connection, synchronous: the statements below through `db` are the transaction's.
  db.transaction(() => {
    const previous = db
      .select({
        provider: automaticRenewals.provider,
        providerCustomerId: automaticRenewals.providerCustomerId,
        providerCardId: automaticRenewals.providerCardId,
      })
      .from(automaticRenewals)
      .where(eq(automaticRenewals.subscriberId, input.subscriberId))
      .get();
    // The card this one replaces is no one's any more: deleted at the provider too, through the
    // erasure's queue, rather than left there for ever under the member's customer.
    if (previous?.providerCardId && previous.providerCardId !== input.card.providerCardId)
      queueCardDeletion({ db, clock }, previous);
    upsertCard(db, input.subscriberId, values, now);
  });
}

function upsertCard(
  db: ServiceDeps['db'],
  subscriberId: string,
  values: Omit<typeof automaticRenewals.$inferInsert, 'subscriberId' | 'createdAt'>,
  now: Date,
): void {
  db.insert(automaticRenewals)
    .values({ subscriberId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: automaticRenewals.subscriberId,
      set: {
        ...values,
        cardBrand: keptIfSameCard(automaticRenewals.cardBrand, 'card_brand'),
        cardLast4: keptIfSameCard(automaticRenewals.cardLast4, 'card_last4'),
        cardExpMonth: keptIfSameCard(automaticRenewals.cardExpMonth, 'card_exp_month'),
        cardExpYear: keptIfSameCard(automaticRenewals.cardExpYear, 'card_exp_year'),
      },
    })
    .run();
}

/**
 * The card of a payment just confirmed as paid, whatever brought the answer (the in-page card's
 * answer, the payment link's webhook, reconciliation): kept when the charge was a card and the
 * provider named the card it keeps. A PIX, or a charge without that reference, keeps nothing; nor
 * does another card than the one an automatic renewal that is on was agreed for, unless the member
 * paid it from their own account (`byMember`).
 */
export function rememberPaidCard(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  payment: { subscriberId: string; provider: PaymentProviderName },
  charge: Pick<ChargeResult, 'method' | 'savedCard'>,
  byMember: boolean,
): boolean {
  if (charge.method !== 'credit_card' || !charge.savedCard) return false;
  const agreed = deps.db
    .select({ enabled: automaticRenewals.enabled, providerCardId: automaticRenewals.providerCardId })
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, payment.subscriberId))
    .get();
  if (agreed?.enabled && agreed.providerCardId !== charge.savedCard.providerCardId && !byMember) return false;
  rememberCard(deps, {
    subscriberId: payment.subscriberId,
    provider: payment.provider,
    card: charge.savedCard,
  });
  return true;
}
