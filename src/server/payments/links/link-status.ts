/** Where a link stands: the tracking page's poll, the provider asked about it, the expiry job. */
import { and, eq, lte } from 'drizzle-orm';
import { CHECKOUT_MSG, type PaymentLinkStatusResponse } from '../../../shared/checkout-schemas';
import { paymentLinks, type PaymentLink } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ChargeResult } from '../providers/types';
import { getLink, type PaymentLinksContext } from './context';
import { awaitingDeadlineAnswer, LINK_PIX_GRACE_MS, PROVIDER_CHECK_INTERVAL_MS } from './link-details';
import { confirmLink } from '../confirmation/confirm-link';
import { iso } from '../../lib/output';

type LookupSource = 'tracking' | 'reconciliation' | 'checkout';

/** Confirms a link the provider says is paid, and writes what changed to the history. */
function settlePaidLink(
  { confirmation }: PaymentLinksContext,
  link: PaymentLink,
  charge: ChargeResult,
  source: LookupSource,
) {
  const result = confirmLink(confirmation, link, charge);
  const paymentId = result.confirmed || 'paymentId' in result ? result.paymentId : null;
  // What changed goes to the history; "nothing yet" every minute would only crowd it.
  if (!result.confirmed && (result.reason === 'already' || result.reason === 'amount')) return;
  confirmation.history.record({
    paymentId,
    linkId: link.id,
    source,
    kind: 'lookup',
    details: {
      outcome: 'paid',
      change: result.confirmed ? 'confirmed' : result.reason,
      orderId: charge.providerOrderId,
      amount: charge.amount,
    },
  });
}

/**
 * Asks the provider about a pending link (or one expired less than an hour ago, whose PIX may
 * still be paid, or expired longer and not asked about since that hour ended) and confirms it
 * when paid (Pagar.me; webhooks are the main path). A failed question does not count as asked.
 */
export async function refreshFromProvider(
  ctx: PaymentLinksContext,
  id: string,
  source: LookupSource = 'tracking',
): Promise<void> {
  const { db, clock, log, provider } = ctx;
  const link = getLink(ctx, id);
  if (!link || link.status === 'paid') return;
  const graceEnd = link.expiresAt.getTime() + LINK_PIX_GRACE_MS;
  if (graceEnd <= clock.now().getTime() && (link.checkedAt?.getTime() ?? 0) >= graceEnd) return;
  db.update(paymentLinks).set({ checkedAt: clock.now() }).where(eq(paymentLinks.id, id)).run();
  try {
    const remote = await provider.getPaymentLinkStatus(link);
    // Confirmed only with its charge (id and amount checked by confirmLink), never blind.
    if (remote.paid && remote.charge?.providerChargeId) settlePaidLink(ctx, link, remote.charge, source);
    else expireAnswered(ctx, link, source);
  } catch (error) {
    log.warn({ linkId: id, err: (error as Error).message }, 'payment link status check failed');
    // The look after the hour must be answered: asked again on the next pass.
    if (graceEnd <= clock.now().getTime()) {
      db.update(paymentLinks).set({ checkedAt: link.checkedAt }).where(eq(paymentLinks.id, id)).run();
    }
  }
}

/**
 * A pending link past its deadline that the provider has just said is not paid: now, and only now,
 * it is expired (ADR 030: a deadline asks before it decides). Its PIX's extra hour is still
 * looked at by reconciliation.
 */
function expireAnswered(
  { clock, confirmation, statements }: PaymentLinksContext,
  link: PaymentLink,
  source: LookupSource,
) {
  const now = clock.now();
  if (link.status !== 'pending' || link.expiresAt.getTime() > now.getTime()) return;
  if (statements.expire.run({ id: link.id, now: now.getTime() }).changes === 0) return;
  confirmation.history.record({
    linkId: link.id,
    paymentId: link.paymentId,
    source,
    kind: 'charge_check',
    details: { outcome: 'unpaid', change: 'link_deadline' },
  });
}

/**
 * GET /payment-links/status-public/:id: the tracking page's poll. A pending link past its deadline
 * is "em verificação" (`verifying`) until the provider, asked from here at most once a minute,
 * says whether it was paid.
 */
export function statusPublic(ctx: PaymentLinksContext, id: string): PaymentLinkStatusResponse {
  const { clock, log, statements } = ctx;
  const row = statements.status.get({ id });
  if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentLinkNotFound);
  const now = clock.now();
  const status = row.status;
  const verifying = awaitingDeadlineAnswer(row, now);
  if (
    status === 'pending' &&
    (!row.checkedAt || now.getTime() - row.checkedAt.getTime() > PROVIDER_CHECK_INTERVAL_MS)
  ) {
    // Not awaited: the poll stays fast, the next one sees the result. Whatever goes wrong
    // there is logged, never left as an unhandled rejection that would stop the process.
    refreshFromProvider(ctx, id).catch((error: unknown) => {
      log.warn({ linkId: id, err: (error as Error).message }, 'payment link status check failed');
    });
  }
  return {
    status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    planType: row.planType,
    amount: row.amount,
    paidAt: iso(row.paidAt),
    expiresAt: row.expiresAt.toISOString(),
    url: row.url,
    lastAttemptFailed: status === 'pending' && !verifying && row.lastAttemptFailedAt !== null,
    verifying,
  };
}

/**
 * The daily job: asks the provider about every pending link past its time (a lost webhook of a
 * payment made in its last minutes is found here) and expires those it says are unpaid. A link the
 * provider cannot be asked about stays pending, "em verificação", for the next pass or poll.
 */
export async function expireOverdue(ctx: PaymentLinksContext): Promise<number> {
  const { db, clock } = ctx;
  const overdue = db
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, 'pending'), lte(paymentLinks.expiresAt, clock.now())))
    .all();
  let expired = 0;
  for (const { id } of overdue) {
    await refreshFromProvider(ctx, id, 'reconciliation');
    if (getLink(ctx, id)?.status === 'expired') expired++;
  }
  return expired;
}
