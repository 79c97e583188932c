/**
 * The profile-update wizard (docs/product/public-site-and-checkout.md §2, docs/product/decisions.md §3.8). A subscriber finds the record by e-mail
 * or phone without a password, so the lookup answers the same whether it found one or not and
 * sends a 6-digit code to the record's proven contacts; the code (10 minutes, 5 tries) yields a short-lived
 * token, and only that token unlocks the full data and the one save of `complete-profile`. Codes
 * and tokens are stored hashed and never logged; the outbox keeps the code out of its readable copy.
 */
import type {
  CompleteProfileInput,
  RequestFormInput,
  VerifyCodeInput,
} from '../../../shared/profile-update-schemas';
import { completeProfile } from './complete-profile';
import { createWizardContext } from './context';
import type { ProfileUpdateDeps } from './deps';
import { requestForm } from './request-code';
import { verifyCode } from './verify-code';

export {
  CODE_PLACEHOLDER,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  RESEND_AFTER_MS,
  TOKEN_TTL_MS,
  type ProfileUpdateDeps,
} from './deps';
export { maskEmail, maskPhone, splitName } from './masks';

export function createProfileUpdateService(deps: ProfileUpdateDeps) {
  const ctx = createWizardContext(deps);
  return {
    requestForm: (input: RequestFormInput) => requestForm(ctx, input),
    verifyCode: (input: VerifyCodeInput) => verifyCode(ctx, input),
    completeProfile: (input: CompleteProfileInput) => completeProfile(ctx, input),
  };
}

export type ProfileUpdateService = ReturnType<typeof createProfileUpdateService>;
