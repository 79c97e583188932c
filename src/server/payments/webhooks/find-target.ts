/** What an event names of ours: a payment link, else a payment (by our reference, else by its charge). */
import { and, eq } from 'drizzle-orm';
import { paymentLinks, type Payment, type PaymentLink } from '../../db/schema';
import type { PaymentEvent } from '../providers/types';
import type { WebhooksContext } from './context';
import { getLink } from '../links/context';
import { paymentByCharge } from '../confirmation/context';

/** Every reference the event may carry (ADR 020: the provider's field for it is not fixed). */
const referencesOf = (event: PaymentEvent) =>
  [...new Set([event.reference, ...(event.references ?? [])])].filter((value): value is string =>
    Boolean(value),
  );

export function findLink(ctx: WebhooksContext, event: PaymentEvent): PaymentLink | undefined {
  const references = referencesOf(event);
  for (const reference of references) {
    const byId = getLink(ctx.paymentLinks, reference);
    if (byId) return byId;
  }
  const providerLinkIds = new Set(
    [
      event.providerLinkId,
      ...(event.providerLinkIds ?? []),
      ...references.filter((r) => r.startsWith('pl_')),
    ].filter((value): value is string => Boolean(value)),
  );
  for (const providerLinkId of providerLinkIds) {
    const byProviderId = ctx.db
      .select()
      .from(paymentLinks)
      .where(
        and(eq(paymentLinks.provider, ctx.provider.name), eq(paymentLinks.providerLinkId, providerLinkId)),
      )
      .get();
    if (byProviderId) return byProviderId;
  }
  return undefined;
}

export function findPayment(ctx: WebhooksContext, event: PaymentEvent): Payment | undefined {
  for (const reference of referencesOf(event)) {
    const byId = ctx.getById(reference);
    if (byId) return byId;
  }
  return paymentByCharge(ctx.confirmation, ctx.provider.name, event.charge?.providerChargeId);
}

/**
 * The answer to an event about a charge we never recorded (a link's abandoned PIX): ours to
 * acknowledge when the provider's own answer names a link or payment of ours; otherwise unknown.
 */
export function unrecordedCharge(ctx: WebhooksContext, event: PaymentEvent) {
  const link = findLink(ctx, event);
  const named = link ?? findPayment(ctx, event);
  if (!named) return { result: 'not_found' as const, change: 'none' };
  return {
    result: 'processed' as const,
    linkId: link?.id ?? null,
    paymentId: link ? null : named.id,
    change: 'none',
  };
}
