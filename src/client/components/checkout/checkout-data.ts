/**
 * What /checkout keeps in the browser after creating a link (spec 01 §3 "Locally stored
 * checkout_data": the form fields plus paymentLinkId and createdAt as ISO time).
 */
import type { CheckoutFormValues } from '../../../shared/checkout-schemas';

export const CHECKOUT_DATA_KEY = 'checkout_data';

export interface StoredCheckoutData extends CheckoutFormValues {
  paymentLinkId: string;
  createdAt: string;
}

export function saveCheckoutData(values: CheckoutFormValues, paymentLinkId: string, now = new Date()): void {
  const data: StoredCheckoutData = { ...values, paymentLinkId, createdAt: now.toISOString() };
  try {
    localStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(data));
  } catch (error) {
    // Private mode or a full quota: the link exists anyway, keeping a copy is a convenience.
    console.warn('Não foi possível guardar checkout_data', error);
  }
}
