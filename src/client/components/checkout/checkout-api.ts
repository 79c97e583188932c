/**
 * The calls of the checkout screens, through tRPC (ADR 039): the same operations, rate limits and
 * Portuguese messages as their documented `/api` paths, typed from the operations themselves.
 * A failed call throws a `TRPCClientError` whose message is the server's (lib/errors.ts reads it).
 */
import type { CreatePublicLinkInput, ProcessPaymentInput } from '../../../shared/checkout-schemas';
import type { DataLayer } from '../../lib/data-layer';

/**
 * The tRPC client the calls go through: the data layer's (ADR 055), given by the caller so that
 * /checkout's form, which opens without the layer, loads it only when it sends.
 */
type Client = DataLayer['trpcClient'];

export const createPaymentLink = (client: Client, body: CreatePublicLinkInput) =>
  client.checkout.createPublicLink.mutate(body);

export const getPaymentLinkStatus = (client: Client, id: string, signal?: AbortSignal) =>
  client.checkout.linkStatus.query({ id }, { signal });

export const countReferralClick = (client: Client, code: string) =>
  client.checkout.referralClick.mutate({ code });

export const processPayment = (client: Client, body: ProcessPaymentInput) =>
  client.checkout.process.mutate(body);

export const getPaymentStatus = (client: Client, id: string, signal?: AbortSignal) =>
  client.checkout.paymentStatus.query({ id }, { signal });

export const sendPaymentConfirmation = (client: Client, paymentId: string) =>
  client.checkout.confirmationEmail.mutate({ paymentId });

/** Query keys, so a screen and its tests agree on what is cached. */
export const checkoutKeys = {
  linkStatus: (id: string) => ['checkout', 'payment-link-status', id] as const,
  paymentStatus: (id: string) => ['checkout', 'payment-status', id] as const,
};
