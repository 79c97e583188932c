/**
 * Time-based one-time codes (RFC 6238) as authenticator apps make them: HMAC-SHA1, 6 digits, a new
 * code every 30 seconds. The codes come from `@oslojs/otp`'s HOTP with the step computed from our
 * clock (so tests can move time), and a code is accepted once: its step must be newer than the last
 * one used.
 */
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** 20 random bytes (160 bits), the key size RFC 4226 recommends for HMAC-SHA1. */
export const TOTP_KEY_BYTES = 20;

/** The 30-second step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / (TOTP_PERIOD_S * 1000));
}

/** The code of `key` for the step of `at` (what the app shows then). */
export function totpCode(key: Uint8Array, at: Date): string {
  return generateHOTP(key, BigInt(totpStep(at)), TOTP_DIGITS);
}

/**
 * The step `code` belongs to, when it is the code of now or of the step before or after (a phone's
 * clock a little off, a code typed as it changed) and newer than `usedStep`; otherwise null.
 */
export function matchTotp(key: Uint8Array, code: string, at: Date, usedStep: number): number | null {
  const step = totpStep(at);
  for (const candidate of [step, step - 1, step + 1]) {
    if (candidate > usedStep && verifyHOTP(key, BigInt(candidate), TOTP_DIGITS, code)) return candidate;
  }
  return null;
}

/** The otpauth:// address an app reads from the QR code. */
export function totpUri(issuer: string, accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_S, TOTP_DIGITS);
}
