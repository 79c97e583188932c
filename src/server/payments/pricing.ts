/**
 * What the club charges whom: the one place a price is decided (docs/product/decisions.md §3: money is decided by
 * the server). Annual is offered to everyone; the renewal price only to subscribers approved before
 * (docs/product/decisions.md §3.4). An amount sent by a client is accepted only when it equals one of these.
 */
import { CHECKOUT_MSG } from '../../shared/checkout-schemas';
import type { Settings } from '../../shared/content/settings-defaults';
import { planLabel, type PlanType } from '../../shared/plans';
import { AppError } from '../lib/errors';

interface PricedSubscriber {
  approvedAt: Date | null;
}

export const canRenew = (subscriber: PricedSubscriber | null | undefined) => Boolean(subscriber?.approvedAt);

/**
 * The record a checkout may price as its caller's own: only the record tied to the signed-in
 * account. An anonymous caller (or one typing somebody else's e-mail) is priced as a stranger,
 * whatever e-mail was typed, so the price never tells whether an e-mail belongs to a member
 * (docs/product/decisions.md §3.4). Members renew signed in, or through the link the club sends.
 */
export function provenRecord<T extends PricedSubscriber & { userId: string | null }>(
  existing: T | null | undefined,
  user: { id: string } | null | undefined,
): T | null {
  return existing && user && existing.userId === user.id ? existing : null;
}

export function priceOf(
  planType: PlanType,
  settings: Settings,
  subscriber: PricedSubscriber | null | undefined,
): number {
  if (planType === 'renewal') {
    if (!canRenew(subscriber)) throw new AppError('BAD_REQUEST', CHECKOUT_MSG.renewalNotAllowed);
    return settings.priceRenewal;
  }
  return settings.priceAnnual;
}

/** The plan an amount buys for this person, or a 400 when it is not a price offered to them. */
export function planForAmount(
  amount: number,
  settings: Settings,
  subscriber: PricedSubscriber | null | undefined,
): PlanType {
  if (canRenew(subscriber) && amount === settings.priceRenewal) return 'renewal';
  if (amount === settings.priceAnnual) return 'annual';
  throw new AppError('BAD_REQUEST', CHECKOUT_MSG.amountNotOffered);
}

/** "Assinatura anual - Confraria …" / "Renovação anual - …": what the provider and the admin list show. */
export function planDescription(planType: PlanType, settings: Settings): string {
  const label = planType === 'renewal' ? planLabel('renewal') : 'Assinatura anual';
  return `${label} - ${settings.clubName}`;
}
