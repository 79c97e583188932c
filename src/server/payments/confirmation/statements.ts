/**
 * The confirmation path runs once per payment but in bulk under load (bench): its queries are
 * prepared once, when the service is built, and handed to every step in the context. Building a
 * statement through drizzle cost about as much as SQLite running it (ADR 043). Placeholders in a
 * SET or in raw SQL are bound as given (no column encoding): times go as milliseconds there.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  paymentLinks,
  payments,
  proposedChanges,
  subscriberAddressColumns,
  subscribers,
} from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';

type Db = ServiceDeps['db'];
const placeholder = sql.placeholder;

/** The e-mail claim, the subscriber a period is computed from, the payment of a provider's charge. */
function preparePaymentReads(db: Db) {
  return {
    claimEmail: db
      .update(payments)
      .set({ confirmationEmailAt: sql`${placeholder('now')}` })
      .where(
        and(
          eq(payments.id, placeholder('id')),
          eq(payments.status, 'paid'),
          isNull(payments.confirmationEmailAt),
        ),
      )
      .prepare(),
    subscriberForPeriod: db
      .select({
        id: subscribers.id,
        name: subscribers.name,
        email: subscribers.email,
        userId: subscribers.userId,
        status: subscribers.status,
        approvedAt: subscribers.approvedAt,
        subscriptionStartDate: subscribers.subscriptionStartDate,
        subscriptionEndDate: subscribers.subscriptionEndDate,
      })
      .from(subscribers)
      .where(eq(subscribers.id, placeholder('id')))
      .prepare(),
    byCharge: db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, placeholder('provider')),
          eq(payments.providerChargeId, placeholder('chargeId')),
        ),
      )
      .prepare(),
    /**
     * A payment of the subscriber's that bought a period since a time (same-period.ts), other than
     * one: through (subscriber_id, status, paid_at), that person's few paid rows.
     */
    paidSince: db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.subscriberId, placeholder('subscriberId')),
          eq(payments.status, 'paid'),
          sql`coalesce(${payments.confirmedAt}, ${payments.paidAt}) >= ${placeholder('since')}`,
          isNull(payments.extraCharge),
          ne(payments.id, placeholder('excludeId')),
        ),
      )
      .orderBy(asc(payments.paidAt))
      .prepare(),
    /** What this payment bought, written on it (afterPaid). */
    periodOfPayment: db
      .update(payments)
      .set({
        previousEndDate: sql`${placeholder('previousEndDate')}`,
        periodEndDate: sql`${placeholder('periodEndDate')}`,
      })
      .where(eq(payments.id, placeholder('id')))
      .prepare(),
  };
}

/** A first payment's checkout (applyFirstCheckout): was anything paid before, what did it carry. */
function prepareFirstCheckout(db: Db) {
  return {
    paidBefore: db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.subscriberId, placeholder('subscriberId')),
          ne(payments.id, placeholder('id')),
          inArray(payments.status, ['paid', 'refunded']),
          isNull(payments.extraCharge),
        ),
      )
      .prepare(),
    checkoutOfPayment: db
      .select({ billingData: payments.billingData, referralCode: paymentLinks.referralCode })
      .from(payments)
      .leftJoin(paymentLinks, eq(paymentLinks.id, payments.paymentLinkId))
      .where(eq(payments.id, placeholder('id')))
      .prepare(),
    /** The paying checkout's profile, written on a provisional record (checkout-profile.ts). */
    profileOfCheckout: db
      .update(subscribers)
      .set({
        name: sql`${placeholder('name')}`,
        phone: sql`${placeholder('phone')}`,
        cpf: sql`${placeholder('cpf')}`,
        street: sql`${placeholder('street')}`,
        number: sql`${placeholder('number')}`,
        complement: sql`${placeholder('complement')}`,
        neighborhood: sql`${placeholder('neighborhood')}`,
        city: sql`${placeholder('city')}`,
        state: sql`${placeholder('state')}`,
        zipCode: sql`${placeholder('zipCode')}`,
        billingData: sql`${placeholder('billingData')}`,
        updatedAt: sql`${placeholder('updatedAt')}`,
      })
      .where(eq(subscribers.id, placeholder('id')))
      .prepare(),
    /** The record's profile as stored, and who wrote it (both null: only checkouts). */
    recordOfCheckout: db
      .select({
        name: subscribers.name,
        phone: subscribers.phone,
        cpf: subscribers.cpf,
        ...subscriberAddressColumns,
        createdBy: subscribers.createdBy,
        lastModifiedBy: subscribers.lastModifiedBy,
      })
      .from(subscribers)
      .where(eq(subscribers.id, placeholder('id')))
      .prepare(),
    /** What the paying checkout typed that differs from a record it did not create (ADR 027). */
    proposeChanges: db
      .insert(proposedChanges)
      .values({
        subscriberId: placeholder('subscriberId'),
        paymentId: placeholder('paymentId'),
        fields: sql`${placeholder('fields')}`,
        createdAt: sql`${placeholder('createdAt')}`,
      })
      .onConflictDoUpdate({
        target: proposedChanges.subscriberId,
        set: {
          paymentId: sql`excluded.payment_id`,
          fields: sql`excluded.fields`,
          createdAt: sql`excluded.created_at`,
        },
      })
      .prepare(),
    referrerOf: db
      .select({ id: subscribers.id, referredBy: subscribers.referredBy })
      .from(subscribers)
      .where(eq(subscribers.id, placeholder('id')))
      .prepare(),
  };
}

/** A link's claim (confirmLink) and the payment it records. */
function prepareLinkClaim(db: Db) {
  return {
    linkStatus: db
      .select({ status: paymentLinks.status })
      .from(paymentLinks)
      .where(eq(paymentLinks.id, placeholder('id')))
      .prepare(),
    /** Marks a link paid by the payment about to be recorded (no foreign key: written first). */
    claimLink: db
      .update(paymentLinks)
      .set({
        status: 'paid',
        paidAt: sql`${placeholder('paidAt')}`,
        paymentId: sql`${placeholder('paymentId')}`,
        updatedAt: sql`${placeholder('now')}`,
      })
      .where(and(eq(paymentLinks.id, placeholder('id')), ne(paymentLinks.status, 'paid')))
      .prepare(),
    insertLinkPayment: db
      .insert(payments)
      .values({
        id: placeholder('id'),
        transactionId: placeholder('transactionId'),
        method: placeholder('method'),
        cardBrand: placeholder('cardBrand'),
        cardLast4: placeholder('cardLast4'),
        providerOrderId: placeholder('providerOrderId'),
        providerChargeId: placeholder('providerChargeId'),
        subscriberId: placeholder('subscriberId'),
        paymentLinkId: placeholder('paymentLinkId'),
        planType: placeholder('planType'),
        amount: placeholder('amount'),
        status: 'paid',
        provider: placeholder('provider'),
        description: placeholder('description'),
        billingData: placeholder('billingData'),
        failureReason: null,
        paidAt: placeholder('paidAt'),
        confirmedAt: placeholder('confirmedAt'),
        // The period it buys, written with it: a second UPDATE ran the payments' triggers again.
        // Bound as given (milliseconds): a null in a timestamp column's placeholder is not encoded.
        previousEndDate: sql`${placeholder('previousEndDate')}`,
        periodEndDate: sql`${placeholder('periodEndDate')}`,
        createdAt: placeholder('createdAt'),
        updatedAt: placeholder('updatedAt'),
      })
      .prepare(),
  };
}

export function prepareStatements(db: Db) {
  return { ...preparePaymentReads(db), ...prepareFirstCheckout(db), ...prepareLinkClaim(db) };
}

export type ConfirmationStatements = ReturnType<typeof prepareStatements>;
