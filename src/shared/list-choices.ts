/**
 * The choices of the back office's lists (sorts, the payments' exception filters), held once and
 * without zod: the list schemas (zod) and the routes' address readers (client/lib/list-search.ts,
 * in the entry chunk, no zod) both read them from here.
 */
export const SUBSCRIBER_SORTS = [
  'createdAt',
  'fullName',
  'status',
  'subscriptionPrice',
  'subscriptionEndDate',
] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

export const PAYMENT_SORTS = ['createdAt', 'amount', 'status'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** The payments list's exception filters (ADR 046). */
export const PAYMENT_EXCEPTIONS = ['duplicate', 'verifying', 'chargeback'] as const;
export type PaymentException = (typeof PAYMENT_EXCEPTIONS)[number];
