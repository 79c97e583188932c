/**
 * The wizard's REST calls (docs/product/public-site-and-checkout.md §7, plus the code confirmation of docs/product/decisions.md §3.8), typed with
 * the shared shapes, and the screen's reading of a failure: the server's message when it sent one,
 * the spec's fallback otherwise, and the spec's "Verifique sua conexão" text when nothing answered.
 */
import type {
  CompleteProfileInput,
  CompleteProfileResponse,
  RequestFormInput,
  RequestFormResponse,
  VerifyCodeInput,
  VerifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { ApiError, apiPost } from '../../lib/api';

export const requestForm = (body: RequestFormInput) =>
  apiPost<RequestFormResponse>('/api/subscriber-update/request-form', body);

export const verifyCode = (body: VerifyCodeInput) =>
  apiPost<VerifyCodeResponse>('/api/subscriber-update/verify-code', body);

export const completeProfile = (body: CompleteProfileInput) =>
  apiPost<CompleteProfileResponse>('/api/subscriber-update/complete-profile', body);

/** The text a failed call shows: the server's error, else `fallback`; `offline` when no answer came. */
export function failureText(error: unknown, fallback: string, offline: string): string {
  if (!(error instanceof ApiError)) return offline;
  const body = error.body;
  const sent =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
  return sent || fallback;
}
