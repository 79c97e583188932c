/**
 * Erasing a member's personal data at their request (LGPD art. 18, VI; ADR 029). Runs inside the
 * caller's transaction, so it happens whole or not at all:
 *
 * - the subscriber record is kept (payments point to it) with every personal field emptied, a name
 *   and an e-mail that say so (the e-mail stays unique: `removido-<id>@anonimizado.invalid`), a new
 *   referral code (old shared links no longer lead to it) and the membership ended without refund;
 *   the search index and the dashboard's counts follow through their triggers (ADR 026);
 * - payments and payment links are kept for the legal retention, with the payer's name replaced
 *   and the rest of the billing data emptied (the provider keeps the charge under its id);
 * - the record's history keeps what happened, not the values: free-text reasons go, edited fields
 *   keep their names only;
 * - messages sent to the person's addresses and their contact-form messages lose text and address;
 * - the account is deleted: its sessions and one-time links go with it, nobody can sign in with it;
 * - the member is told at the address on file, read before it is wiped; once sent, the outbox
 *   keeps no address for that message either.
 */
import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatDate } from '../../shared/format';
import { PAYMENT_LINK_TTL_HOURS } from '../../shared/plans';
import { ERASED_NAME, PRIVACY_MSG } from '../../shared/privacy-schemas';
import {
  contactMessages,
  outbox,
  paymentLinks,
  payments,
  profileUpdateCodes,
  subscriberActivity,
  subscribers,
  users,
  type BillingData,
  type DeletionRequest,
  type Subscriber,
} from '../db/schema';
import { AppError } from '../errors';
import { ERASED_RECIPIENT, type OutboxService } from './outbox';
import type { ServiceDeps } from './deps';
import type { SubscriberLifecycle } from './subscriber-lifecycle';
import { newReferralCode } from './subscribers';

const HOUR_MS = 60 * 60 * 1000;
const ERASED_TEXT = '[removido (LGPD)]';

/** Where erased records' e-mails point: a reserved name (RFC 2606) that no message can reach. */
export const ERASED_EMAIL_DOMAIN = 'anonimizado.invalid';
export const erasedEmail = (subscriberId: string) => `removido-${subscriberId}@${ERASED_EMAIL_DOMAIN}`;

const erasedBilling = (email: string): BillingData => ({
  name: ERASED_NAME,
  email,
  phone: '',
  cpfCnpj: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  zipCode: '',
});

/** Every personal field of docs/product/back-office-and-member-area.md §3 emptied (shirt size back to its default: the column is required). */
const ERASED_PROFILE = {
  name: ERASED_NAME,
  phone: '',
  cpf: null,
  birthDate: null,
  gender: null,
  profession: null,
  shirtSize: 'M',
  winePreference: null,
  street: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  zipCode: null,
  adminNotes: null,
  billingData: null,
  cancelRequestedAt: null,
  cancelRequestedBy: null,
} as const;

/** A history line's details without the values a person typed: edited fields keep their names. */
export function scrubbedDetails(details: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!details || typeof details.changes !== 'object' || details.changes === null) return details;
  const changes = Object.fromEntries(
    Object.keys(details.changes).map((field) => [field, { from: '***', to: '***' }]),
  );
  return { ...details, changes };
}

export interface ErasureInput {
  request: DeletionRequest;
  adminId: string;
}

export interface ErasureResult {
  subscriberId: string | null;
  paymentsKept: number;
  accountClosed: boolean;
  noticeSent: boolean;
}

export function createDataErasure({
  db,
  clock,
  lifecycle,
  outbox: messages,
}: Pick<ServiceDeps, 'db' | 'clock'> & { lifecycle: SubscriberLifecycle; outbox: OutboxService }) {
  /** A payment link still payable, a charge in flight or a refund in progress: money is moving. */
  function moneyInMotion(subscriberId: string, now: Date): boolean {
    const link = db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.subscriberId, subscriberId),
          eq(paymentLinks.status, 'pending'),
          gt(paymentLinks.expiresAt, now),
        ),
      )
      .get();
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
    return Boolean(link ?? charge);
  }

  /** Why the erasure cannot happen now, or null. */
  function blockerOf(subscriber: Subscriber | null, account: { role: string } | null, now: Date) {
    if (account?.role === 'admin') return PRIVACY_MSG.adminAccount;
    if (subscriber && moneyInMotion(subscriber.id, now)) return PRIVACY_MSG.moneyInMotion;
    return null;
  }

  function accountOf(request: DeletionRequest, subscriber: Subscriber | null) {
    const id = subscriber?.userId ?? request.userId;
    return id ? (db.select().from(users).where(eq(users.id, id)).get() ?? null) : null;
  }

  function subscriberOf(request: DeletionRequest): Subscriber | null {
    if (!request.subscriberId) return null;
    return db.select().from(subscribers).where(eq(subscribers.id, request.subscriberId)).get() ?? null;
  }

  /** Messages to the person's addresses, and what they wrote through the contact form. */
  function scrubMessages(emails: string[], phones: string[]) {
    const contacts = emails.length
      ? db.select().from(contactMessages).where(inArray(contactMessages.email, emails)).all()
      : [];
    const sentToThem: SQL[] = [];
    if (emails.length || phones.length) sentToThem.push(inArray(outbox.recipient, [...emails, ...phones]));
    const contactOutbox = contacts.map((row) => row.outboxId).filter((id): id is string => id !== null);
    if (contactOutbox.length) sentToThem.push(inArray(outbox.id, contactOutbox));
    if (sentToThem.length) {
      const now = clock.now();
      // Still queued: never delivered (its text is gone); the rest keep their status.
      db.update(outbox)
        .set({ status: 'failed', lastError: ERASED_TEXT, updatedAt: now })
        .where(and(or(...sentToThem), eq(outbox.status, 'queued')))
        .run();
      db.update(outbox)
        .set({
          recipient: ERASED_RECIPIENT,
          subject: sql`case when ${outbox.subject} is null then null else ${ERASED_TEXT} end`,
          body: ERASED_TEXT,
          deliveryBody: null,
        })
        .where(or(...sentToThem))
        .run();
    }
    if (contacts.length) {
      db.update(contactMessages)
        .set({ name: ERASED_NAME, email: ERASED_RECIPIENT, subject: ERASED_TEXT, message: ERASED_TEXT })
        .where(
          inArray(
            contactMessages.id,
            contacts.map((row) => row.id),
          ),
        )
        .run();
    }
  }

  /** The record itself, its money kept without the name, its history without the values. */
  function eraseRecord(subscriber: Subscriber, request: DeletionRequest, adminId: string): number {
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
    db.update(subscribers)
      .set({ email, referralCode: newReferralCode() })
      .where(eq(subscribers.id, subscriber.id))
      .run();
    const kept = db
      .update(payments)
      .set({ billingData: erasedBilling(email) })
      .where(eq(payments.subscriberId, subscriber.id))
      .run().changes;
    db.update(paymentLinks)
      .set({ customerName: ERASED_NAME, customerEmail: email, billingData: erasedBilling(email) })
      .where(eq(paymentLinks.subscriberId, subscriber.id))
      .run();
    for (const row of lifecycle.history(subscriber.id)) {
      db.update(subscriberActivity)
        .set({ reason: null, details: scrubbedDetails(row.details) })
        .where(eq(subscriberActivity.id, row.id))
        .run();
    }
    db.delete(profileUpdateCodes).where(eq(profileUpdateCodes.subscriberId, subscriber.id)).run();
    return kept;
  }

  return {
    /** Why completing `request` would be refused right now, for the list (null: it can be done). */
    blocker(request: DeletionRequest): string | null {
      const subscriber = subscriberOf(request);
      return blockerOf(subscriber, accountOf(request, subscriber), clock.now());
    },

    /** Must run inside a transaction (deletion-requests.ts `complete`). */
    erase({ request, adminId }: ErasureInput): ErasureResult {
      const subscriber = subscriberOf(request);
      const account = accountOf(request, subscriber);
      const blocked = blockerOf(subscriber, account, clock.now());
      if (blocked) throw new AppError('CONFLICT', blocked);

      // Read before anything is wiped: where the member is told, and what to scrub.
      const noticeTo = account?.email ?? subscriber?.email ?? null;
      const emails = [...new Set([account?.email, subscriber?.email].filter((e): e is string => !!e))];
      const phones = subscriber?.phone ? [subscriber.phone, `55${subscriber.phone}`] : [];
      scrubMessages(emails, phones);

      const paymentsKept = subscriber ? eraseRecord(subscriber, request, adminId) : 0;
      if (account) db.delete(users).where(eq(users.id, account.id)).run();
      if (noticeTo) {
        messages.enqueue({
          channel: 'email',
          recipient: noticeTo,
          template: 'lgpd_erased',
          vars: { requestDate: formatDate(request.requestedAt) },
          eraseRecipientOnSend: true,
        });
      }
      return {
        subscriberId: subscriber?.id ?? null,
        paymentsKept,
        accountClosed: account !== null,
        noticeSent: noticeTo !== null,
      };
    },
  };
}

export type DataErasure = ReturnType<typeof createDataErasure>;
