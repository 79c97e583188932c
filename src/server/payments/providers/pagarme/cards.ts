/** Saved cards at Pagar.me: what an LGPD erasure asks it to forget (ADR 052). */
import { ProviderError, type PaymentProvider, type SavedCardReference } from '../types';
import type { PagarmeClient } from './client';

/**
 * `DELETE /customers/{customer_id}/cards/{card_id}` (the v5 reference's "Excluir cartão"; its
 * answer, the card with `status: "deleted"`, is not read). It carries an Idempotency-Key as every
 * write does (the reference accepts one), so a repeat after a lost answer gets that answer back.
 * A 404 is a card Pagar.me no longer has — deleted by a try whose answer was lost, or by the owner
 * in the dashboard — and counts as done.
 */
export async function deleteSavedCard(
  client: PagarmeClient,
  card: SavedCardReference,
): ReturnType<PaymentProvider['deleteSavedCard']> {
  const path = `/customers/${encodeURIComponent(card.providerCustomerId)}/cards/${encodeURIComponent(card.providerCardId)}`;
  try {
    await client.call('DELETE', path, undefined, `card-delete-${card.providerCardId}`);
    return { status: 'deleted' };
  } catch (error) {
    if (error instanceof ProviderError && error.httpStatus === 404) return { status: 'gone' };
    throw error;
  }
}
