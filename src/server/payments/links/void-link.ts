/**
 * Voiding links nobody paid (ADR 029): the admin's "Cancelar link", and the pass an erasure
 * makes over the person's open links, so that a link anyone can create for any e-mail never holds
 * up an erasure. The provider is asked first; only its "cancelled" closes the link on file. An
 * answer that was lost leaves the link open ("em verificação": the caller asks again), and a link
 * the provider says was paid first is settled from the provider, never dropped.
 */
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import { CHECKOUT_MSG, type PaymentLinkDetails } from '../../../shared/checkout-schemas';
import { paymentLinks, type PaymentLink } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createActivityLog } from '../../privacy/activity-log';
import { getLink, type PaymentLinksContext } from './context';
import { LINK_PIX_GRACE_MS, toLinkDetails } from './link-details';
import { refreshFromProvider } from './link-status';

/**
 * `cancelled`: closed now; `already`: closed before (a replay); `paid`: paid before the cancel
 * reached the provider (its payment is recorded from the provider); `verifying`: the provider's
 * answer was lost or refused, the link stays open until it is asked again.
 */
export type VoidOutcome = 'cancelled' | 'already' | 'paid' | 'verifying';

export const LINK_CANCEL_MSG = {
  cancelled: 'Link de pagamento cancelado.',
  verifying:
    'O provedor de pagamento não confirmou o cancelamento: o link continua em verificação. Tente de novo em alguns minutos.',
  paidFirst: 'Este link foi pago antes do cancelamento: o pagamento foi registrado.',
} as const;

/** Closes the link on file, unless it was paid meanwhile (a webhook that raced the cancel). */
function closeOnFile({ db, clock }: PaymentLinksContext, id: string): boolean {
  const now = clock.now();
  return (
    db
      .update(paymentLinks)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(paymentLinks.id, id), inArray(paymentLinks.status, ['pending', 'expired'])))
      .run().changes > 0
  );
}

/** Asks the provider to void one link and records what it said. */
export async function voidLink(ctx: PaymentLinksContext, link: PaymentLink): Promise<VoidOutcome> {
  if (link.status === 'cancelled') return 'already';
  if (link.status === 'paid') return 'paid';
  let remote: 'cancelled' | 'paid';
  try {
    remote = (await ctx.provider.cancelPaymentLink(link)).status;
  } catch (error) {
    ctx.log.warn({ linkId: link.id, err: (error as Error).message }, 'payment link cancel not confirmed');
    return 'verifying';
  }
  if (remote === 'cancelled') {
    if (closeOnFile(ctx, link.id)) {
      ctx.log.info({ linkId: link.id }, 'payment link cancelled');
      return 'cancelled';
    }
    // Closed by a concurrent call (a double click, two admins): the same answer as a replay.
    if (getLink(ctx, link.id)?.status === 'cancelled') return 'already';
  }
  // Paid first (or paid on file meanwhile): the provider's payment is recorded now, not dropped.
  await refreshFromProvider(ctx, link.id, 'reconciliation');
  return getLink(ctx, link.id)?.status === 'paid' ? 'paid' : 'verifying';
}

/**
 * The admin's "Cancelar link" (REST and tRPC): idempotent (a replay answers the cancelled link
 * again, and the activity log holds one line), audited, refused for a paid link.
 */
export async function cancelByAdmin(
  ctx: PaymentLinksContext,
  id: string,
  adminId: string,
): Promise<{ paymentLink: PaymentLinkDetails; alreadyCancelled: boolean; message: string }> {
  const link = getLink(ctx, id);
  if (!link) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentLinkNotFound);
  if (link.status === 'paid') throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkAlreadyPaid);
  const outcome = await voidLink(ctx, link);
  if (outcome === 'verifying') throw new AppError('BAD_GATEWAY', LINK_CANCEL_MSG.verifying);
  if (outcome === 'paid') throw new AppError('CONFLICT', LINK_CANCEL_MSG.paidFirst);
  if (outcome === 'cancelled') {
    createActivityLog(ctx).record({
      action: 'payment_link_cancelled',
      actor: { kind: 'admin', id: adminId },
      subscriberId: link.subscriberId,
      details: { linkId: link.id, amount: link.amount, planType: link.planType },
    });
  }
  const now = getLink(ctx, id)!;
  return {
    paymentLink: toLinkDetails(now, ctx.clock.now()),
    alreadyCancelled: outcome === 'already',
    message: LINK_CANCEL_MSG.cancelled,
  };
}

/**
 * An erasure's pass: every link of the record that someone could still pay (pending, or expired
 * less than the PIX grace ago) is voided at the provider. Counts what could not be closed.
 */
export async function voidOpenLinksOf(
  ctx: PaymentLinksContext,
  subscriberId: string,
): Promise<{ cancelled: number; paid: number; verifying: number }> {
  const graceStart = new Date(ctx.clock.now().getTime() - LINK_PIX_GRACE_MS);
  const open = ctx.db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.subscriberId, subscriberId),
        or(
          eq(paymentLinks.status, 'pending'),
          and(eq(paymentLinks.status, 'expired'), gt(paymentLinks.expiresAt, graceStart)),
        ),
      ),
    )
    .all();
  const counts = { cancelled: 0, paid: 0, verifying: 0 };
  for (const link of open) {
    const outcome = await voidLink(ctx, link);
    if (outcome === 'paid' || outcome === 'verifying') counts[outcome]++;
    else counts.cancelled++;
  }
  return counts;
}

/**
 * The back office's list: a subscriber's links still open, newest first — those still payable and
 * those past their deadline whose answer the provider has not given yet ("em verificação", which
 * the admin may also void: the provider is asked first).
 */
export function openLinksOf(ctx: PaymentLinksContext, subscriberId: string): PaymentLinkDetails[] {
  const now = ctx.clock.now();
  return ctx.db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.subscriberId, subscriberId), eq(paymentLinks.status, 'pending')))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(50)
    .all()
    .map((link) => toLinkDetails(link, now));
}
