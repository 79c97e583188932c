/**
 * What /checkout keeps in the browser after creating a link (docs/product/public-site-and-checkout.md §3 "Locally stored
 * checkout_data": the form fields plus paymentLinkId and createdAt as ISO time), plus the link's
 * address (ADR 022): Back after "Link de Pagamento Criado!" must not lose the link just created.
 */
import type { CheckoutFormValues } from '../../../shared/checkout-schemas';
import { PAYMENT_LINK_TTL_HOURS } from '../../../shared/plans';
import { HOUR_MS } from '../../../shared/sao-paulo-time';

export const CHECKOUT_DATA_KEY = 'checkout_data';

/** The form as typed (masks included) and the plan. */
type StoredForm = CheckoutFormValues & { planType: string };

export type StoredCheckoutData = StoredForm & {
  paymentLinkId: string;
  /** The provider's payment page; absent in data stored before ADR 022. */
  paymentLinkUrl?: string;
  createdAt: string;
};

export function saveCheckoutData(
  values: StoredForm,
  link: { id: string; url: string },
  now = new Date(),
): void {
  const data: StoredCheckoutData = {
    ...values,
    paymentLinkId: link.id,
    paymentLinkUrl: link.url,
    createdAt: now.toISOString(),
  };
  try {
    localStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(data));
  } catch (error) {
    // Private mode or a full quota: the link exists anyway, keeping a copy is a convenience.
    console.warn('Não foi possível guardar checkout_data', error);
  }
}

/** A link this browser created that may still be payable: its id, address and who it is for. */
export interface PreviousLink {
  id: string;
  url: string;
  name: string;
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * The link stored by the last creation, unless it is older than a link lives (the server expires
 * it after PAYMENT_LINK_TTL_HOURS) or the stored data is not ours to trust (bad JSON, no address).
 */
export function readPreviousLink(now = new Date()): PreviousLink | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CHECKOUT_DATA_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<StoredCheckoutData> | null;
    if (!data || typeof data.paymentLinkId !== 'string' || !isHttpUrl(data.paymentLinkUrl)) return null;
    const created = Date.parse(data.createdAt ?? '');
    if (Number.isNaN(created) || now.getTime() - created > PAYMENT_LINK_TTL_HOURS * HOUR_MS) return null;
    return {
      id: data.paymentLinkId,
      url: data.paymentLinkUrl,
      name: typeof data.name === 'string' ? data.name : '',
    };
  } catch {
    return null;
  }
}
