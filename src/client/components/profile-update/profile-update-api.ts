/**
 * The wizard's calls (docs/product/public-site-and-checkout.md §7, plus the code confirmation of docs/product/decisions.md §3.8), through tRPC
 * (ADR 039). A failure reads through `errorText` with the spec's fallback and its "Verifique sua
 * conexão" text for when nothing answered.
 */
import type {
  CompleteProfileInput,
  RequestFormInput,
  VerifyCodeInput,
} from '../../../shared/profile-update-schemas';
import { trpcClient } from '../../lib/trpc';

export const requestForm = (body: RequestFormInput) => trpcClient.profileUpdate.requestForm.mutate(body);

export const verifyCode = (body: VerifyCodeInput) => trpcClient.profileUpdate.verifyCode.mutate(body);

export const completeProfile = (body: CompleteProfileInput) =>
  trpcClient.profileUpdate.completeProfile.mutate(body);
