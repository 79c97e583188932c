/**
 * Payment links (the /checkout flow, docs/product/decisions.md §3.1): created through the provider for a subscriber
 * found or created by e-mail, payable for 48 hours, tracked by the public status page. The status
 * read is the hot path (polled every 5 s by every open tracking page): one prepared statement.
 * Each part lives in `payment-links/`, module-level functions taking the context first.
 */
import type { PublicUser } from '../../../shared/auth-schemas';
import type { CreatePublicLinkData } from '../../../shared/checkout-schemas';
import type { PlanType } from '../../../shared/plans';
import type { PaymentLink } from '../../db/schema';
import {
  createForMember,
  createForSubscriber,
  createCheckoutLink,
  createLink,
  createPublic,
  type NewLink,
} from './create-link';
import { createPaymentLinksContext, getLink, type PaymentLinksDeps } from './context';
import { expireOverdue, refreshFromProvider, statusPublic } from './link-status';
import { detailsFor, listForUser, sendByWhatsApp } from './member-links';
import { cancelByAdmin, openLinksOf, voidOpenLinksOf } from './void-link';

export {
  awaitingDeadlineAnswer,
  customerOf,
  LINK_PIX_GRACE_MS,
  PROVIDER_CHECK_INTERVAL_MS,
  toLinkDetails,
} from './link-details';
export { LINK_CANCEL_MSG } from './void-link';
export type { PaymentLinksDeps };

export function createPaymentLinksService(deps: PaymentLinksDeps) {
  const ctx = createPaymentLinksContext(deps);
  return {
    getById: (id: string) => getLink(ctx, id),
    createLink: (input: NewLink) => createLink(ctx, input),
    refreshFromProvider: (id: string, source?: 'tracking' | 'reconciliation') =>
      refreshFromProvider(ctx, id, source),
    sendByWhatsApp: (link: PaymentLink) => sendByWhatsApp(ctx, link),
    createPublic: (input: CreatePublicLinkData, user?: Pick<PublicUser, 'id' | 'email'> | null) =>
      createPublic(ctx, input, user),
    createCheckoutLink: (
      input: { name: string; email: string; amount: number },
      user?: Pick<PublicUser, 'id' | 'name' | 'email'> | null,
    ) => createCheckoutLink(ctx, input, user),
    createForSubscriber: (subscriberId: string, planType: PlanType, createdBy?: string | null) =>
      createForSubscriber(ctx, subscriberId, planType, createdBy),
    createForMember: (subscriberId: string, planType: PlanType, memberId: string) =>
      createForMember(ctx, subscriberId, planType, memberId),
    statusPublic: (id: string) => statusPublic(ctx, id),
    listForUser: (user: Pick<PublicUser, 'id'>) => listForUser(ctx, user),
    detailsFor: (id: string, user: Pick<PublicUser, 'id' | 'role'>) => detailsFor(ctx, id, user),
    expireOverdue: () => expireOverdue(ctx),
    cancelByAdmin: (id: string, adminId: string) => cancelByAdmin(ctx, id, adminId),
    voidOpenLinksOf: (subscriberId: string) => voidOpenLinksOf(ctx, subscriberId),
    openLinksOf: (subscriberId: string) => openLinksOf(ctx, subscriberId),
  };
}

export type PaymentLinksService = ReturnType<typeof createPaymentLinksService>;
