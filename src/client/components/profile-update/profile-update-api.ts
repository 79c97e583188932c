/**
 * The wizard's calls (docs/product/public-site-and-checkout.md §7, plus the code confirmation of docs/product/decisions.md §3.8), through tRPC
 * (ADR 039), and the screen's reading of a failure: the server's message when it sent one, the
 * spec's fallback otherwise, and the spec's "Verifique sua conexão" text when nothing answered.
 */
import type {
  CompleteProfileInput,
  RequestFormInput,
  VerifyCodeInput,
} from '../../../shared/profile-update-schemas';
import { apiErrorText } from '../../lib/errors';
import { trpcClient } from '../../lib/trpc';

export const requestForm = (body: RequestFormInput) => trpcClient.profileUpdate.requestForm.mutate(body);

export const verifyCode = (body: VerifyCodeInput) => trpcClient.profileUpdate.verifyCode.mutate(body);

export const completeProfile = (body: CompleteProfileInput) =>
  trpcClient.profileUpdate.completeProfile.mutate(body);

/** The text a failed call shows: the server's error, else `fallback`; `offline` when no answer came. */
export const failureText = (error: unknown, fallback: string, offline: string): string =>
  apiErrorText(error, fallback, offline);
