/** Turning two-factor on (a new key, confirmed by a first code) and off, and its status. */
import { randomBytes } from 'node:crypto';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { SECURITY_MSG, type TwoFactorSetup } from '../../../shared/security-schemas';
import { matchTotp, TOTP_KEY_BYTES, totpUri } from '../auth/totp';
import { recoveryCodes, twoFactorSecrets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recoveryCodesLeft, replaceRecoveryCodes } from './codes';
import { rowOf, SETUP_TTL_MS, type TwoFactorContext, type TwoFactorDeps } from './context';

/** The key as apps ask for it typed: base32 in groups of four. */
const groupedKey = (key: Uint8Array) => encodeBase32NoPadding(key).replace(/(.{4})(?=.)/g, '$1 ');

export function status(
  deps: TwoFactorDeps,
  userId: string,
): { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number } {
  const row = rowOf(deps, userId);
  const left = recoveryCodesLeft(deps, userId);
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enabledAt ? left : 0,
  };
}

/** Starts (or starts again) an enrolment: a new key, shown now and never again. */
export async function beginSetup(
  ctx: TwoFactorContext,
  user: { id: string; email: string },
): Promise<TwoFactorSetup> {
  const { db, clock, log, box, issuer } = ctx;
  if (rowOf(ctx, user.id)?.enabledAt) throw new AppError('CONFLICT', SECURITY_MSG.alreadyEnabled);
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
}

/** The first code proves the app holds the key: two-factor is on; the recovery codes, once. */
export function confirmSetup(ctx: TwoFactorContext, userId: string, code: string): string[] {
  const { db, clock, log, box, accountSecurity } = ctx;
  const row = rowOf(ctx, userId);
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
  const codes = replaceRecoveryCodes(ctx, userId);
  accountSecurity.notify(userId, 'two_factor_enabled');
  log.info({ userId }, 'two-factor enabled');
  return codes;
}

function requireEnabled(deps: TwoFactorDeps, userId: string) {
  const row = rowOf(deps, userId);
  if (!row?.enabledAt) throw new AppError('BAD_REQUEST', SECURITY_MSG.notEnabled);
  return row;
}

export function disable(deps: TwoFactorDeps, userId: string): void {
  requireEnabled(deps, userId);
  deps.db.transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).run();
  });
  deps.accountSecurity.notify(userId, 'two_factor_disabled');
  deps.log.info({ userId }, 'two-factor disabled');
}

export function regenerateRecoveryCodes(deps: TwoFactorDeps, userId: string): string[] {
  requireEnabled(deps, userId);
  const codes = replaceRecoveryCodes(deps, userId);
  deps.accountSecurity.notify(userId, 'recovery_codes_renewed');
  deps.log.info({ userId }, 'recovery codes renewed');
  return codes;
}
