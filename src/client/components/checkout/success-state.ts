/**
 * What /checkout/old hands to /checkout/success through router history state (docs/product/public-site-and-checkout.md §3
 * "Confirmation page state"). Nothing else reaches that page: without this state it redirects to /.
 */
import { PAYMENT_METHODS, SUBSCRIPTION_DAYS, type PaymentMethod } from '../../../shared/plans';
import { DAY_MS } from '../../../shared/sao-paulo-time';

/** End of the membership year that starts at `paidAt` (ISO), or now when the time is unknown. */
export function validUntilFrom(paidAt: string | null | undefined, now = Date.now()): string {
  const start = paidAt ? Date.parse(paidAt) : Number.NaN;
  return new Date((Number.isNaN(start) ? now : start) + SUBSCRIPTION_DAYS * DAY_MS).toISOString();
}

export interface CheckoutSuccessState {
  customerName: string;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  paymentId: string;
  /** Cents. */
  amount: number;
  /** ISO end of the paid year (docs/product/decisions.md §4: one year from the payment for a new member). */
  validUntil: string;
  /** Set when the confirmation e-mail could not be sent (the payment is still confirmed). */
  emailFailed?: boolean;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    checkoutSuccess?: CheckoutSuccessState;
  }
}

/** History state survives reloads and app versions: check its shape before trusting it. */
export function readSuccessState(value: unknown): CheckoutSuccessState | null {
  if (!value || typeof value !== 'object') return null;
  const state = value as Record<string, unknown>;
  const ok =
    typeof state.customerName === 'string' &&
    typeof state.customerEmail === 'string' &&
    typeof state.paymentId === 'string' &&
    state.paymentId !== '' &&
    typeof state.amount === 'number' &&
    Number.isInteger(state.amount) &&
    typeof state.validUntil === 'string' &&
    !Number.isNaN(Date.parse(state.validUntil)) &&
    (PAYMENT_METHODS as readonly unknown[]).includes(state.paymentMethod);
  return ok ? (state as unknown as CheckoutSuccessState) : null;
}
