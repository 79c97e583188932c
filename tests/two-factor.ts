/**
 * Test helpers for two-factor sign-in: enrol an admin's authenticator app as a person would (the key
 * read from the enrolment screen's text, the first code computed from it), and compute later codes.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { totpCode } from '../src/server/identity/auth/totp';
import type { TestApp } from './app';

export interface EnrolledApp {
  /** The key as the app stored it. */
  key: Uint8Array;
  /** The key exactly as the enrolment screen showed it (groups of four). */
  shownSecret: string;
  recoveryCodes: string[];
  /** The code the app shows at the test clock's current time. */
  code(): string;
}

/** The app's key from the text the enrolment screen shows ("ABCD EFGH …"). */
export function keyFromShownSecret(secret: string): Uint8Array {
  return decodeBase32IgnorePadding(secret.replace(/\s/g, ''));
}

/** Enrols the app of the admin behind `token` (a fresh sign-in, so no step-up is asked). */
export async function enrolApp(t: TestApp, token: string): Promise<EnrolledApp> {
  const caller = t.caller(token);
  const setup = await caller.security.twoFactorSetup();
  const key = keyFromShownSecret(setup.secret);
  const { recoveryCodes } = await caller.security.twoFactorConfirm({ code: totpCode(key, t.clock.now()) });
  // The next code is of a later 30-second step: a code works once.
  t.clock.advance(30_000);
  return { key, shownSecret: setup.secret, recoveryCodes, code: () => totpCode(key, t.clock.now()) };
}
