/**
 * The REST calls of the checkout screens, typed with the shared answer shapes. They go through the
 * shared call layer (lib/api.ts): a non-OK answer throws `ApiError` with the server's message.
 */
import type {
  CepResponse,
  CreatePublicLinkInput,
  CreatePublicLinkResponse,
  PaymentLinkStatusResponse,
  PaymentStatusResponse,
  ProcessPaymentInput,
  ProcessPaymentResponse,
} from '../../../shared/checkout-schemas';
import { apiGet, apiPost } from '../../lib/api';

/** The link-creation answer; `success: false` with an `error` is tolerated as the spec reads it. */
export type CreateLinkAnswer = CreatePublicLinkResponse | { success: false; error?: string };

export const createPaymentLink = (body: CreatePublicLinkInput) =>
  apiPost<CreateLinkAnswer>('/api/payment-links/create-public', body);

export const getPaymentLinkStatus = (id: string, signal?: AbortSignal) =>
  apiGet<PaymentLinkStatusResponse>(
    `/api/payment-links/status-public/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );

export const lookupCep = (digits: string, signal?: AbortSignal) =>
  apiGet<CepResponse | { success: false; error?: string }>(
    `/api/subscriber-update/cep/${digits}`,
    undefined,
    signal,
  );

export const countReferralClick = (code: string) => apiPost<unknown>('/api/referrals/click', { code });

export const processPayment = (body: ProcessPaymentInput) =>
  apiPost<ProcessPaymentResponse & { error?: string }>('/api/payments/process', body);

export const getPaymentStatus = (id: string, signal?: AbortSignal) =>
  apiGet<PaymentStatusResponse>(`/api/payments/status/${encodeURIComponent(id)}`, undefined, signal);

export const sendPaymentConfirmation = (paymentId: string) =>
  apiPost<unknown>('/api/emails/payment-confirmation', { paymentId });

/** Query keys, so a screen and its tests agree on what is cached. */
export const checkoutKeys = {
  linkStatus: (id: string) => ['checkout', 'payment-link-status', id] as const,
  paymentStatus: (id: string) => ['checkout', 'payment-status', id] as const,
};
