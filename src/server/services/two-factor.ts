/**
 * Two-factor sign-in with an authenticator app (docs/decisions/028-owner-account.md): enrolment
 * (a new key shown once as a QR code and as text, confirmed by a first code), the recovery codes
 * (shown once, stored hashed, each good once), turning it off, and checking a sign-in code.
 *
 * The key is sealed with a key kept outside the database (auth/secret-box.ts), never logged, and
 * never part of an answer after the enrolment screen.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeBase32NoPadding } from '@oslojs/encoding';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import QRCode from 'qrcode';
import { SECURITY_MSG, type TwoFactorSetup } from '../../shared/security-schemas';
import { createSecretBox } from '../auth/secret-box';
import { matchTotp, TOTP_KEY_BYTES, totpUri } from '../auth/totp';
import { recoveryCodes, twoFactorSecrets } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { AccountSecurity } from './account-security';
import type { ServiceDeps } from './deps';

export const RECOVERY_CODE_COUNT = 10;
/** An enrolment not confirmed within this time must start again (a new key). */
export const SETUP_TTL_MS = 30 * 60 * 1000;

/** How a sign-in code was accepted. */
export type CodeKind = 'app' | 'recovery';

const hashCode = (code: string) => Buffer.from(sha256(new TextEncoder().encode(code)));
/** Spaces, dashes and case do not matter in what a person types. */
const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** `abcde-fghij`: 50 random bits, easy to copy by hand. */
function newRecoveryCode(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(8)).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** The key as apps ask for it typed: base32 in groups of four. */
const groupedKey = (key: Uint8Array) => encodeBase32NoPadding(key).replace(/(.{4})(?=.)/g, '$1 ');

export function createTwoFactor({
  db,
  env,
  clock,
  log,
  accountSecurity,
  issuer,
}: ServiceDeps & {
  accountSecurity: AccountSecurity;
  /** The name apps list the account under. */
  issuer: () => string;
}) {
  const box = createSecretBox(path.join(env.DATA_DIR, 'secrets', 'two-factor.key'));

  const rowOf = (userId: string) =>
    db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).get();

  /** Replaces the account's recovery codes with new ones; returns them (the only time they exist in clear). */
  function replaceRecoveryCodes(userId: string): string[] {
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

  function requireEnabled(userId: string) {
    const row = rowOf(userId);
    if (!row?.enabledAt) throw new AppError('BAD_REQUEST', SECURITY_MSG.notEnabled);
    return row;
  }

  /** The app's code, once per 30-second step (a code seen by someone else cannot be used again). */
  function verifyAppCode(userId: string, code: string): boolean {
    const row = rowOf(userId);
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
  function useRecoveryCode(userId: string, code: string): boolean {
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

  return {
    isEnabled(userId: string): boolean {
      return Boolean(rowOf(userId)?.enabledAt);
    },

    status(userId: string): { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number } {
      const row = rowOf(userId);
      const left =
        db
          .select({ left: count() })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
          .get()?.left ?? 0;
      return {
        enabled: Boolean(row?.enabledAt),
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: row?.enabledAt ? left : 0,
      };
    },

    /** Starts (or starts again) an enrolment: a new key, shown now and never again. */
    async beginSetup(user: { id: string; email: string }): Promise<TwoFactorSetup> {
      if (rowOf(user.id)?.enabledAt) throw new AppError('CONFLICT', SECURITY_MSG.alreadyEnabled);
      const key = new Uint8Array(randomBytes(TOTP_KEY_BYTES));
      const values = { secretBox: box.seal(key), enabledAt: null, lastUsedStep: 0, createdAt: clock.now() };
      db.insert(twoFactorSecrets)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: values })
        .run();
      const uri = totpUri(issuer(), user.email, key);
      const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      log.info({ userId: user.id }, 'two-factor enrolment started');
      return { secret: groupedKey(key), uri, qrCode };
    },

    /** The first code proves the app holds the key: two-factor is on; the recovery codes, once. */
    confirmSetup(userId: string, code: string): string[] {
      const row = rowOf(userId);
      if (row?.enabledAt) throw new AppError('CONFLICT', SECURITY_MSG.alreadyEnabled);
      const now = clock.now();
      if (!row || now.getTime() - row.createdAt.getTime() > SETUP_TTL_MS) {
        throw new AppError('BAD_REQUEST', SECURITY_MSG.noSetupStarted);
      }
      const key = box.open(row.secretBox);
      const step = key ? matchTotp(key, code, now, row.lastUsedStep) : null;
      if (step === null) throw new AppError('BAD_REQUEST', SECURITY_MSG.setupCodeInvalid);
      const enabled = db
        .update(twoFactorSecrets)
        .set({ enabledAt: now, lastUsedStep: step })
        .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
        .run();
      if (enabled.changes === 0) throw new AppError('CONFLICT', SECURITY_MSG.alreadyEnabled);
      const codes = replaceRecoveryCodes(userId);
      accountSecurity.notify(userId, 'two_factor_enabled');
      log.info({ userId }, 'two-factor enabled');
      return codes;
    },

    disable(userId: string): void {
      requireEnabled(userId);
      db.transaction((tx) => {
        tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
        tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).run();
      });
      accountSecurity.notify(userId, 'two_factor_disabled');
      log.info({ userId }, 'two-factor disabled');
    },

    regenerateRecoveryCodes(userId: string): string[] {
      requireEnabled(userId);
      const codes = replaceRecoveryCodes(userId);
      accountSecurity.notify(userId, 'recovery_codes_renewed');
      log.info({ userId }, 'recovery codes renewed');
      return codes;
    },

    /**
     * A code typed at sign-in: the app's current code, or (when `allowRecovery`) an unused recovery
     * code, which is then used up. Null when it is neither.
     */
    verifyCode(
      userId: string,
      typed: string,
      { allowRecovery }: { allowRecovery: boolean },
    ): CodeKind | null {
      const code = normalize(typed);
      if (/^\d{6}$/.test(code)) return verifyAppCode(userId, code) ? 'app' : null;
      if (allowRecovery && /^[a-z2-7]{10}$/.test(code) && useRecoveryCode(userId, code)) return 'recovery';
      return null;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactor>;
