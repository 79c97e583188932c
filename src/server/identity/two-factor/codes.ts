/** The codes: the recovery codes (shown once, stored hashed) and checking a code typed at sign-in. */
import { randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { matchTotp } from '../auth/totp';
import { recoveryCodes, twoFactorSecrets } from '../../db/schema';
import { newId } from '../../lib/ids';
import {
  hashCode,
  normalize,
  RECOVERY_CODE_COUNT,
  rowOf,
  type TwoFactorContext,
  type TwoFactorDeps,
} from './context';

/** How a sign-in code was accepted. */
export type CodeKind = 'app' | 'recovery';

/** `abcde-fghij`: 50 random bits, easy to copy by hand. */
function newRecoveryCode(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(8)).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Replaces the account's recovery codes with new ones; returns them (the only time they exist in clear). */
export function replaceRecoveryCodes({ db, clock }: TwoFactorDeps, userId: string): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = clock.now();
  db.transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.insert(recoveryCodes)
      .values(
        codes.map((code) => ({ id: newId(), userId, codeHash: hashCode(normalize(code)), createdAt: now })),
      )
      .run();
  });
  return codes;
}

/** The account's recovery codes not used yet. */
export function recoveryCodesLeft({ db }: TwoFactorDeps, userId: string): number {
  return (
    db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.left ?? 0
  );
}

/** The app's code, once per 30-second step (a code seen by someone else cannot be used again). */
function verifyAppCode(ctx: TwoFactorContext, userId: string, code: string): boolean {
  const { db, clock, log, box } = ctx;
  const row = rowOf(ctx, userId);
  if (!row?.enabledAt) return false;
  const key = box.open(row.secretBox);
  if (!key) {
    log.warn({ userId }, 'two-factor key cannot be read: the secrets key file is missing or was replaced');
    return false;
  }
  const step = matchTotp(key, code, clock.now(), row.lastUsedStep);
  if (step === null) return false;
  // Claimed like a one-time link: two calls with the same code cannot both pass.
  const claimed = db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), lt(twoFactorSecrets.lastUsedStep, step)))
    .run();
  return claimed.changes === 1;
}

/** An unused recovery code of the account, used up now. */
function useRecoveryCode({ db, clock, log, accountSecurity }: TwoFactorDeps, userId: string, code: string) {
  const used = db
    .update(recoveryCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  if (used.changes === 0) return false;
  accountSecurity.notify(userId, 'recovery_code_used');
  log.info({ userId }, 'recovery code used');
  return true;
}

/**
 * A code typed at sign-in: the app's current code, or (when `allowRecovery`) an unused recovery
 * code, which is then used up. Null when it is neither. Wrong ones count towards the account's
 * cap (code-cap.ts): past it the app's codes are refused (a 429) while recovery codes still work.
 */
export function verifyCode(
  ctx: TwoFactorContext,
  userId: string,
  typed: string,
  { allowRecovery }: { allowRecovery: boolean },
): CodeKind | null {
  const code = normalize(typed);
  const recovery = allowRecovery && /^[a-z2-7]{10}$/.test(code);
  if (!recovery) ctx.cap.assertOpen(userId);
  let kind: CodeKind | null = null;
  if (/^\d{6}$/.test(code)) kind = verifyAppCode(ctx, userId, code) ? 'app' : null;
  else if (recovery && useRecoveryCode(ctx, userId, code)) kind = 'recovery';
  if (kind) ctx.cap.right(userId);
  else ctx.cap.wrong(userId);
  return kind;
}
