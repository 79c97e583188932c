/** Whose data a request erases (the record, the account), and what would stop it now. */
import { and, eq, gt, isNotNull, or } from 'drizzle-orm';
import { PAYMENT_LINK_TTL_HOURS } from '../../../shared/plans';
import { PRIVACY_MSG } from '../../../shared/privacy-schemas';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import { payments, subscribers, users, type DeletionRequest, type Subscriber } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { SubscriberLifecycle } from '../../membership/subscribers/lifecycle';

/** What the data erasure is built from, by name. */
export type DataErasureDeps = Pick<ServiceDeps, 'db' | 'clock'> & {
  lifecycle: SubscriberLifecycle;
  outbox: OutboxService;
};

/**
 * A charge in flight or a refund in progress: money is moving. Open payment links and pending
 * in-page charges are not, before the erasure's own pass: anyone can start one for any e-mail, so
 * the erasure voids them itself (payment-links/void-link.ts, in-page-charges/void-charges.ts)
 * instead of waiting for them. After that pass (`afterVoiding`), any charge still pending — one
 * started meanwhile — stops the erasure.
 */
function moneyInMotion(
  { db }: DataErasureDeps,
  subscriberId: string,
  now: Date,
  afterVoiding: boolean,
): boolean {
  const pendingCharge = and(
    eq(payments.status, 'pending'),
    gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LINK_TTL_HOURS * HOUR_MS)),
  );
  const charge = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subscriberId, subscriberId),
        or(
          afterVoiding ? pendingCharge : and(pendingCharge, isNotNull(payments.paymentLinkId)),
          eq(payments.refundStatus, 'processing'),
        ),
      ),
    )
    .get();
  return Boolean(charge);
}

/**
 * Why the erasure cannot happen now, or null. Before the erasure's pass over open links and
 * pending in-page charges (the list, the first check) those do not count; after it they do.
 */
export function blockerOf(
  deps: DataErasureDeps,
  subscriber: Subscriber | null,
  account: { role: string } | null,
  now: Date,
  afterVoiding = true,
) {
  if (account?.role === 'admin') return PRIVACY_MSG.adminAccount;
  if (subscriber && moneyInMotion(deps, subscriber.id, now, afterVoiding)) return PRIVACY_MSG.moneyInMotion;
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
