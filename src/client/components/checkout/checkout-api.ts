/**
 * The calls of the checkout screens, through tRPC (ADR 039): the same operations, rate limits and
 * Portuguese messages as their documented `/api` paths, typed from the operations themselves.
 * A failed call throws a `TRPCClientError` whose message is the server's (lib/errors.ts reads it).
 */
import type { CreatePublicLinkInput, ProcessPaymentInput } from '../../../shared/checkout-schemas';
import { trpcClient } from '../../lib/trpc';

export const createPaymentLink = (body: CreatePublicLinkInput) =>
  trpcClient.checkout.createPublicLink.mutate(body);

export const getPaymentLinkStatus = (id: string, signal?: AbortSignal) =>
  trpcClient.checkout.linkStatus.query({ id }, { signal });

export const countReferralClick = (code: string) => trpcClient.checkout.referralClick.mutate({ code });

export const processPayment = (body: ProcessPaymentInput) => trpcClient.checkout.process.mutate(body);

export const getPaymentStatus = (id: string, signal?: AbortSignal) =>
  trpcClient.checkout.paymentStatus.query({ id }, { signal });

export const sendPaymentConfirmation = (paymentId: string) =>
  trpcClient.checkout.confirmationEmail.mutate({ paymentId });

/** Query keys, so a screen and its tests agree on what is cached. */
export const checkoutKeys = {
  linkStatus: (id: string) => ['checkout', 'payment-link-status', id] as const,
  paymentStatus: (id: string) => ['checkout', 'payment-status', id] as const,
};
