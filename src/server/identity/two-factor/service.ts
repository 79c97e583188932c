/**
 * Two-factor sign-in with an authenticator app (docs/decisions/028-owner-account.md): enrolment
 * (a new key shown once as a QR code and as text, confirmed by a first code), the recovery codes
 * (shown once, stored hashed, each good once), turning it off, and checking a sign-in code.
 *
 * The key is sealed with a key kept outside the database (auth/secret-box.ts), never logged, and
 * never part of an answer after the enrolment screen. Enrolment lives in `two-factor/enrolment.ts`,
 * the codes in `two-factor/codes.ts`.
 */
import { verifyCode } from './codes';
import { createTwoFactorContext, isEnabled, type TwoFactorDeps } from './context';
import { beginSetup, confirmSetup, disable, regenerateRecoveryCodes, status } from './enrolment';

export type { CodeKind } from './codes';
export { RECOVERY_CODE_COUNT, SETUP_TTL_MS, type TwoFactorDeps } from './context';

export function createTwoFactor(deps: TwoFactorDeps) {
  const ctx = createTwoFactorContext(deps);
  return {
    isEnabled: (userId: string) => isEnabled(ctx, userId),
    status: (userId: string) => status(ctx, userId),
    beginSetup: (user: { id: string; email: string }) => beginSetup(ctx, user),
    confirmSetup: (userId: string, code: string) => confirmSetup(ctx, userId, code),
    disable: (userId: string) => disable(ctx, userId),
    regenerateRecoveryCodes: (userId: string) => regenerateRecoveryCodes(ctx, userId),
    verifyCode: (userId: string, typed: string, options: { allowRecovery: boolean }) =>
      verifyCode(ctx, userId, typed, options),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactor>;
