/** How a payment link reads: whether its deadline's answer is awaited, its details, the customer the provider gets. */
import { addressOfSubscriber } from '../../../shared/fields/address';
import type { PaymentLinkDetails } from '../../../shared/checkout-schemas';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import type { BillingData, PaymentLink } from '../../db/schema';
import type { ProviderCustomer } from '../providers/types';
import { iso } from '../../lib/output';

/** A pending link is asked about at most this often from the tracking page (ADR 012: once a minute). */
export const PROVIDER_CHECK_INTERVAL_MS = 60_000;
/**
 * A PIX opened on a link's page stays payable for an hour (`pix_settings.expires_in`), even past the
 * link's own expiry: until then the link is still asked about (ADR 030).
 */
export const LINK_PIX_GRACE_MS = HOUR_MS;

export function customerOf(subscriberId: string, billing: BillingData): ProviderCustomer {
  return {
    code: subscriberId,
    name: billing.name,
    email: billing.email,
    phone: billing.phone,
    cpf: billing.cpfCnpj,
    address: addressOfSubscriber(billing),
  };
}

/**
 * A link past its 48 hours that the provider has not yet said is unpaid (ADR 030): "em verificação"
 * until it answers. Only an answer writes `expired` (or confirms the payment). Every reader (the
 * tracking page, the member's and the admin's lists, the sandbox's page, a new checkout of the same
 * person) asks this one rule.
 */
export function awaitingDeadlineAnswer(link: Pick<PaymentLink, 'status' | 'expiresAt'>, now: Date): boolean {
  return link.status === 'pending' && link.expiresAt.getTime() <= now.getTime();
}

/**
 * A link as the member and the admin read it: its status on file, and `verifying` while its
 * deadline's answer is awaited (never `expired` before the provider said so).
 */
export function toLinkDetails(link: PaymentLink, now: Date): PaymentLinkDetails {
  const verifying = awaitingDeadlineAnswer(link, now);
  return {
    id: link.id,
    _id: link.id,
    subscriberId: link.subscriberId,
    planType: link.planType,
    amount: link.amount,
    status: link.status,
    provider: link.provider,
    url: link.url,
    customerName: link.customerName,
    customerEmail: link.customerEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    paidAt: iso(link.paidAt),
    lastAttemptFailed: link.status === 'pending' && !verifying && link.lastAttemptFailedAt !== null,
    paymentId: link.paymentId,
    verifying,
  };
}
