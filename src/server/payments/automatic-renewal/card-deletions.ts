/**
 * The saved card an LGPD erasure leaves at the provider is deleted there too, and so is a card a
 * newer paid card replaced (ADR 052). The erasure and the card's replacement only queue it
 * (`queueCardDeletion`, inside their own transaction): they never wait for the provider nor fail
 * with it. Each reconciliation pass (every five minutes, and `npm run jobs:run`)
 * then asks the provider to delete what is due, with growing pauses between tries, until the
 * provider says deleted or already gone (a 404: an earlier try whose answer was lost did it); then
 * the queued row goes as well. A try holds its row a few minutes ahead first, so two passes at once
 * (the server and `jobs:run`) never ask twice at the same time.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { cardDeletions, type AutomaticRenewal } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import { ProviderError, type PaymentProvider } from '../providers/types';

/** What the deletions are made with, by name. */
export type CardDeletionDeps = ServiceDeps & { provider: Pick<PaymentProvider, 'name' | 'deleteSavedCard'> };

const MINUTE_MS = 60_000;
/** How long a try holds its row (longer than any provider call's timeout). */
const LEASE_MS = 5 * MINUTE_MS;
/** The pause after the 1st, 2nd… failed try; the last one repeats (once a day) until it is done. */
const RETRY_PAUSES_MS = [5, 15, 60, 6 * 60, 24 * 60].map((minutes) => minutes * MINUTE_MS);
/** Cards asked for in one pass at most (an erasure queues one card). */
const BATCH = 50;

export const CARD_DELETION_MSG = {
  unexpected: 'Falha inesperada ao excluir o cartão no provedor',
} as const;

export const retryPauseMs = (attempts: number) =>
  RETRY_PAUSES_MS[Math.min(attempts, RETRY_PAUSES_MS.length) - 1] ?? RETRY_PAUSES_MS[0]!;

/**
 * Queues the deletion of the card on file in `renewal`, if any (run inside the erasure's or the
 * replacement's transaction, before the row changes). Queuing a card twice keeps one deletion.
 */
export function queueCardDeletion(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  renewal: Pick<AutomaticRenewal, 'provider' | 'providerCustomerId' | 'providerCardId'> | undefined,
): boolean {
  if (!renewal?.providerCustomerId || !renewal.providerCardId) return false;
  const now = clock.now();
  db.insert(cardDeletions)
    .values({
      providerCardId: renewal.providerCardId,
      provider: renewal.provider,
      providerCustomerId: renewal.providerCustomerId,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run();
  return true;
}

/** Takes the row for one try, unless another pass holds it or it is not due. */
function claim({ db }: CardDeletionDeps, providerCardId: string, now: Date): boolean {
  return (
    db
      .update(cardDeletions)
      .set({
        attempts: sql`${cardDeletions.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(and(eq(cardDeletions.providerCardId, providerCardId), lte(cardDeletions.nextAttemptAt, now)))
      .run().changes === 1
  );
}

export interface CardDeletionsResult {
  /** Deleted at the provider now, or found already gone. */
  deleted: number;
  /** Not done this time (provider down, answer lost, refusal): asked again later. */
  retrying: number;
}

/**
 * One pass over the due deletions of the provider in use (a card kept by another provider waits
 * for it to be configured again).
 */
export async function deleteQueuedCards(deps: CardDeletionDeps): Promise<CardDeletionsResult> {
  const { db, clock, log, provider } = deps;
  const due = db
    .select()
    .from(cardDeletions)
    .where(and(eq(cardDeletions.provider, provider.name), lte(cardDeletions.nextAttemptAt, clock.now())))
    .orderBy(asc(cardDeletions.nextAttemptAt))
    .limit(BATCH)
    .all();
  const result: CardDeletionsResult = { deleted: 0, retrying: 0 };
  for (const row of due) {
    if (!claim(deps, row.providerCardId, clock.now())) continue;
    try {
      await provider.deleteSavedCard(row);
      db.delete(cardDeletions).where(eq(cardDeletions.providerCardId, row.providerCardId)).run();
      result.deleted++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const known = error instanceof ProviderError;
      if (!known) log.warn({ err: error }, 'saved card deletion failed unexpectedly');
      const message = known ? error.message : CARD_DELETION_MSG.unexpected;
      db.update(cardDeletions)
        .set({ lastError: message, nextAttemptAt: new Date(clock.now().getTime() + retryPauseMs(attempts)) })
        .where(eq(cardDeletions.providerCardId, row.providerCardId))
        .run();
      result.retrying++;
    }
  }
  if (result.deleted + result.retrying > 0)
    log.info(result, 'saved cards of erased records deleted at the provider');
  return result;
}
