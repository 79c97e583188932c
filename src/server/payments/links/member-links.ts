/** A link as its own subscriber meets it: their list, one link's details, the link sent by WhatsApp. */
import { desc, eq } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/auth-schemas';
import { CHECKOUT_MSG, type PaymentLinkDetails } from '../../../shared/checkout-schemas';
import { formatDate, formatMoney } from '../../../shared/format';
import { paymentLinks, subscribers, type PaymentLink } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getLink, type PaymentLinksContext } from './context';
import { toLinkDetails } from './link-details';

/** An admin, or the account the link's subscriber is tied to (never a mere e-mail match). */
function isOwner(
  ctx: PaymentLinksContext,
  link: PaymentLink,
  user: Pick<PublicUser, 'id' | 'role'>,
): boolean {
  if (user.role === 'admin') return true;
  return ctx.subscribers.getById(link.subscriberId)?.userId === user.id;
}

/** GET /payment-links/user: the signed-in member's own links, newest first. */
export function listForUser(
  { db, clock }: PaymentLinksContext,
  user: Pick<PublicUser, 'id'>,
): PaymentLinkDetails[] {
  const now = clock.now();
  const rows = db
    .select({ link: paymentLinks })
    .from(paymentLinks)
    .innerJoin(subscribers, eq(subscribers.id, paymentLinks.subscriberId))
    .where(eq(subscribers.userId, user.id))
    .orderBy(desc(paymentLinks.createdAt))
    .limit(100)
    .all();
  return rows.map(({ link }) => toLinkDetails(link, now));
}

/** GET /payment-links/details/:id: an admin, or the link's own subscriber (others get a 404). */
export function detailsFor(
  ctx: PaymentLinksContext,
  id: string,
  user: Pick<PublicUser, 'id' | 'role'>,
): PaymentLinkDetails {
  const link = getLink(ctx, id);
  if (!link || !isOwner(ctx, link, user)) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentLinkNotFound);
  return toLinkDetails(link, ctx.clock.now());
}

/**
 * Queues the link to the subscriber's WhatsApp (renewal text for a renewal, reminder otherwise).
 * False when the subscriber has no phone on file.
 */
export function sendByWhatsApp(
  { subscribers: subscribersService, outbox }: PaymentLinksContext,
  link: PaymentLink,
) {
  const subscriber = subscribersService.getById(link.subscriberId);
  if (!subscriber?.phone) return false;
  outbox.enqueue({
    channel: 'whatsapp',
    recipient: subscriber.phone,
    template: link.planType === 'renewal' ? 'renewal' : 'payment_reminder',
    vars: {
      name: subscriber.name,
      amount: formatMoney(link.amount),
      paymentUrl: link.url,
      endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
    },
  });
  return true;
}
