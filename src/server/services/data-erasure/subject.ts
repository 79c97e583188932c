/** Whose data a request erases (the record, the account), and what would stop it now. */
import { and, eq, gt, or } from 'drizzle-orm';
import { PAYMENT_LINK_TTL_HOURS } from '../../../shared/plans';
import { PRIVACY_MSG } from '../../../shared/privacy-schemas';
import { payments, subscribers, users, type DeletionRequest, type Subscriber } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import type { OutboxService } from '../outbox';
import type { SubscriberLifecycle } from '../subscriber-lifecycle';

const HOUR_MS = 60 * 60 * 1000;

/** What the data erasure is built from, by name. */
export type DataErasureDeps = Pick<ServiceDeps, 'db' | 'clock'> & {
  lifecycle: SubscriberLifecycle;
  outbox: OutboxService;
};

/**
 * A charge in flight or a refund in progress: money is moving. Open payment links are not money in
 * motion: anyone can create one for any e-mail, so the erasure voids them itself
 * (payment-links/void-link.ts) instead of waiting for them.
 */
function moneyInMotion({ db }: DataErasureDeps, subscriberId: string, now: Date): boolean {
  const charge = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subscriberId, subscriberId),
        or(
          and(
            eq(payments.status, 'pending'),
            gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LINK_TTL_HOURS * HOUR_MS)),
          ),
          eq(payments.refundStatus, 'processing'),
        ),
      ),
    )
    .get();
  return Boolean(charge);
}

/** Why the erasure cannot happen now, or null. */
export function blockerOf(
  deps: DataErasureDeps,
  subscriber: Subscriber | null,
  account: { role: string } | null,
  now: Date,
) {
  if (account?.role === 'admin') return PRIVACY_MSG.adminAccount;
  if (subscriber && moneyInMotion(deps, subscriber.id, now)) return PRIVACY_MSG.moneyInMotion;
  return null;
}

export function accountOf({ db }: DataErasureDeps, request: DeletionRequest, subscriber: Subscriber | null) {
  const id = subscriber?.userId ?? request.userId;
  return id ? (db.select().from(users).where(eq(users.id, id)).get() ?? null) : null;
}

export function subscriberOf({ db }: DataErasureDeps, request: DeletionRequest): Subscriber | null {
  if (!request.subscriberId) return null;
  return db.select().from(subscribers).where(eq(subscribers.id, request.subscriberId)).get() ?? null;
}
