/** What two-factor is built from, the sealed-key box it opens once, and the account's key row. */
import path from 'node:path';
import { sha256 } from '@oslojs/crypto/sha2';
import { eq } from 'drizzle-orm';
import { createSecretBox } from '../auth/secret-box';
import { twoFactorSecrets } from '../../db/schema';
import type { AccountSecurity } from '../account-security';
import type { ActivityLog } from '../../privacy/activity-log';
import type { ServiceDeps } from '../../lib/deps';
import { createCodeCap, type CodeCap } from './code-cap';

export const RECOVERY_CODE_COUNT = 10;
/** An enrolment not confirmed within this time must start again (a new key). */
export const SETUP_TTL_MS = 30 * 60 * 1000;

/** What two-factor is built from, by name. */
export type TwoFactorDeps = ServiceDeps & {
  accountSecurity: AccountSecurity;
  /** Where suspended codes are recorded (too many wrong ones, code-cap.ts). */
  activityLog: Pick<ActivityLog, 'record'>;
  /** The name apps list the account under. */
  issuer: () => string;
};

/** The dependencies plus the box that seals the keys (its key file read once). */
export type TwoFactorContext = TwoFactorDeps & { box: ReturnType<typeof createSecretBox>; cap: CodeCap };

export function createTwoFactorContext(deps: TwoFactorDeps): TwoFactorContext {
  return {
    ...deps,
    box: createSecretBox(path.join(deps.env.DATA_DIR, 'secrets', 'two-factor.key')),
    cap: createCodeCap(deps),
  };
}

export const hashCode = (code: string) => Buffer.from(sha256(new TextEncoder().encode(code)));
/** Spaces, dashes and case do not matter in what a person types. */
export const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const rowOf = ({ db }: TwoFactorDeps, userId: string) =>
  db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).get();

/** Whether the account signs in with a second factor (an enrolment confirmed by a first code). */
export function isEnabled(ctx: TwoFactorDeps, userId: string): boolean {
  return Boolean(rowOf(ctx, userId)?.enabledAt);
}
