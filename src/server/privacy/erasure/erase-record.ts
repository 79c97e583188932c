/** The record itself, its money kept without the name, its history without the values. */
import { and, eq } from 'drizzle-orm';
import { ERASED_NAME } from '../../../shared/privacy-schemas';
import {
  automaticRenewals,
  paymentLinks,
  payments,
  profileUpdateCodes,
  proposedChanges,
  referrals,
  subscriberActivity,
  subscribers,
  type DeletionRequest,
  type Subscriber,
} from '../../db/schema';
import { newReferralCode } from '../../membership/subscribers/subscribers';
import { queueCardDeletion } from '../../payments/automatic-renewal/card-deletions';
import { ERASED_PROFILE, erasedBilling, erasedEmail, scrubbedDetails } from './erased-values';
import type { DataErasureDeps } from './subject';

/** Payments and links are kept for the legal retention, without the payer. Returns the payments kept. */
function eraseMoney({ db }: DataErasureDeps, subscriberId: string, email: string): number {
  const kept = db
    .update(payments)
    .set({ billingData: erasedBilling(email) })
    .where(eq(payments.subscriberId, subscriberId))
    .run().changes;
  db.update(paymentLinks)
    .set({ customerName: ERASED_NAME, customerEmail: email, billingData: erasedBilling(email) })
    .where(eq(paymentLinks.subscriberId, subscriberId))
    .run();
  // The provider was asked to void the open links before (deletion-requests `complete`); one
  // created since is closed on file too, so whatever is paid on it later goes to the owner as a
  // refund to make (an extra charge), never to an erased record.
  db.update(paymentLinks)
    .set({ status: 'cancelled' })
    .where(and(eq(paymentLinks.subscriberId, subscriberId), eq(paymentLinks.status, 'pending')))
    .run();
  // Commissions paid keep their amount and date, not the key they were paid to.
  db.update(referrals).set({ payoutPixKey: null }).where(eq(referrals.referrerId, subscriberId)).run();
  return kept;
}

/** The history keeps what happened: free-text reasons go, edited fields keep their names only. */
function scrubHistory({ db, lifecycle }: DataErasureDeps, subscriberId: string) {
  for (const row of lifecycle.history(subscriberId)) {
    db.update(subscriberActivity)
      .set({ reason: null, details: scrubbedDetails(row.details) })
      .where(eq(subscriberActivity.id, row.id))
      .run();
  }
}

/** Returns the number of payments kept. */
export function eraseRecord(
  deps: DataErasureDeps,
  subscriber: Subscriber,
  request: DeletionRequest,
  adminId: string,
): number {
  const { db, clock, lifecycle } = deps;
  const now = clock.now();
  const end = subscriber.subscriptionEndDate;
  lifecycle.apply({
    subscriberId: subscriber.id,
    event: 'data_erased',
    actor: { kind: 'admin', id: adminId },
    details: { requestId: request.id },
    set: {
      ...ERASED_PROFILE,
      // The membership ends now, without a refund (ADR 029).
      subscriptionEndDate: end && end < now ? end : now,
      lastModifiedBy: adminId,
    },
  });
  const email = erasedEmail(subscriber.id);
  // A new referral code: old shared links no longer lead to the record.
  db.update(subscribers)
    .set({ email, referralCode: newReferralCode() })
    .where(eq(subscribers.id, subscriber.id))
    .run();
  const kept = eraseMoney(deps, subscriber.id, email);
  scrubHistory(deps, subscriber.id);
  db.delete(profileUpdateCodes).where(eq(profileUpdateCodes.subscriberId, subscriber.id)).run();
  // What a checkout proposed for the record (ADR 027) is personal data too.
  db.delete(proposedChanges).where(eq(proposedChanges.subscriberId, subscriber.id)).run();
  // Automatic renewal (ADR 052): the saved card's reference, brand, last four and expiry go, and
  // with them the choice — nothing can be charged for an erased record. The provider is asked to
  // delete the card too, later and with retries: the erasure never waits for it.
  const renewal = db
    .select()
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, subscriber.id))
    .get();
  queueCardDeletion(deps, renewal);
  db.delete(automaticRenewals).where(eq(automaticRenewals.subscriberId, subscriber.id)).run();
  return kept;
}
