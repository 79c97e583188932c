/** The member's payments, the export of everything held about them (LGPD) and the erasure request. */
import { desc, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages';
import { MEMBER_MSG, type MemberDataExport, type MemberPayment } from '../../../shared/member-schemas';
import { paymentStatusLabel } from '../../../shared/plans';
import {
  automaticRenewals,
  paymentLinks,
  payments,
  referrals,
  serviceInvoices,
  subscribers,
  users,
} from '../../db/schema';
import { memberInvoiceOf } from '../../invoices/read';
import { AppError } from '../../lib/errors';
import type { Caller, PortalContext } from './deps';
import { open } from '../../privacy/deletion-requests/member-request';
import { iso } from '../../lib/output';

export function memberPayments(ctx: PortalContext, user: Caller): MemberPayment[] {
  const subscriber = ctx.subscribers.findForUser(user);
  if (!subscriber) return [];
  return ctx.db
    .select({ payment: payments, invoice: serviceInvoices })
    .from(payments)
    .leftJoin(serviceInvoices, eq(serviceInvoices.paymentId, payments.id))
    .where(eq(payments.subscriberId, subscriber.id))
    .orderBy(desc(payments.createdAt))
    .limit(200)
    .all()
    .map(({ payment: row, invoice }) => ({
      id: row.id,
      _id: row.id,
      transactionId: row.transactionId,
      amount: row.amount,
      status: row.status,
      statusLabel: paymentStatusLabel(row.status, row.refundStatus),
      method: row.method,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      planType: row.planType,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      date: (row.paidAt ?? row.createdAt).toISOString(),
      invoice: memberInvoiceOf(invoice),
    }));
}

/** A row with its dates as ISO strings. */
const dates = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/** The member's referrals both ways: those they brought (with the names their page shows) and who brought them. */
function referralsOf({ db }: PortalContext, subscriberId: string): MemberDataExport['referrals'] {
  const referred = db
    .select({
      id: referrals.id,
      referralCode: referrals.referralCode,
      status: referrals.status,
      commissionAmount: referrals.commissionAmount,
      createdAt: referrals.createdAt,
      confirmedAt: referrals.confirmedAt,
      paidAt: referrals.paidAt,
      cancelledAt: referrals.cancelledAt,
      referredName: subscribers.name,
      referredEmail: subscribers.email,
    })
    .from(referrals)
    .innerJoin(subscribers, eq(subscribers.id, referrals.referredId))
    .where(eq(referrals.referrerId, subscriberId))
    .all();
  const referredBy = db
    .select({ referralCode: referrals.referralCode, createdAt: referrals.createdAt })
    .from(referrals)
    .where(eq(referrals.referredId, subscriberId))
    .get();
  return { asReferrer: referred.map(dates), referredBy: referredBy ? dates(referredBy) : null };
}

/**
 * LGPD (art. 18, II): everything held about the member. Secrets (password hash, session and
 * link tokens) are not data about the person and stay out; other people appear only as the
 * name and e-mail the member's own referral page already shows.
 */
export function exportData(ctx: PortalContext, user: Caller): MemberDataExport {
  const { db, clock } = ctx;
  const account = db.select().from(users).where(eq(users.id, user.id)).get();
  if (!account) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
  const subscriber = ctx.subscribers.findForUser(user);
  ctx.activityLog.record({
    action: 'data_exported',
    actor: { kind: 'member', id: user.id },
    subscriberId: subscriber?.id ?? null,
  });
  const { passwordHash: _hash, ...accountData } = account;
  const base: MemberDataExport = {
    exportedAt: clock.now().toISOString(),
    account: dates(accountData),
    subscriber: null,
    payments: [],
    paymentLinks: [],
    referrals: { asReferrer: [], referredBy: null },
    activity: [],
    automaticRenewal: null,
  };
  if (!subscriber) return base;
  const ofSubscriber = <T extends typeof payments | typeof paymentLinks>(table: T) =>
    db
      .select()
      .from(table)
      .where(eq(table.subscriberId, subscriber.id))
      .orderBy(table.createdAt)
      .all()
      .map(dates);
  return {
    ...base,
    subscriber: dates(subscriber),
    payments: ofSubscriber(payments),
    paymentLinks: ofSubscriber(paymentLinks),
    referrals: referralsOf(ctx, subscriber.id),
    activity: ctx.lifecycle.history(subscriber.id).map(dates),
    automaticRenewal: automaticRenewalOf(ctx, subscriber.id),
  };
}

/** The member's automatic renewal: choice, consent and card on file (brand, last four, expiry). */
function automaticRenewalOf({ db }: PortalContext, subscriberId: string) {
  const row = db
    .select()
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, subscriberId))
    .get();
  if (!row) return null;
  return dates({
    enabled: row.enabled,
    consentAt: row.consentAt,
    consentText: row.consentText,
    disabledAt: row.disabledAt,
    disabledBy: row.disabledBy,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    cardExpMonth: row.cardExpMonth,
    cardExpYear: row.cardExpYear,
    cardSavedAt: row.cardSavedAt,
  });
}

/**
 * LGPD (art. 18, VI): the member asks for their data to be erased. The request reaches the
 * club's back office with its legal deadline (deletion-requests.ts); payments stay (tax law
 * requires them); asked once.
 */
export function requestDeletion(
  ctx: PortalContext,
  user: Caller,
  reason?: string | null,
): { requestedAt: string; alreadyRequested: boolean } {
  const subscriber = ctx.subscribers.findForUser(user);
  if (!subscriber) throw new AppError('CONFLICT', MEMBER_MSG.deletionNeedsRecord);
  const { request, created } = open(ctx.deletionRequests, subscriber, user.id, reason || null);
  return { requestedAt: request.requestedAt.toISOString(), alreadyRequested: !created };
}
