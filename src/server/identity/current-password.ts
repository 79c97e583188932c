/**
 * The current password asked again before a change of credentials (the portal's password and
 * sign-in e-mail changes). A signed-in session must not become a way around the sign-in throttle:
 * each check counts in the same per-account throttle as a sign-in (auth/sign-in-throttle.ts), so
 * a stolen session guesses no faster than the sign-in screen allows.
 */
import { eq } from 'drizzle-orm';
import { MEMBER_MSG } from '../../shared/member-schemas';
import { verifyPassword } from './auth/password';
import type { SignInThrottle } from './auth/sign-in-throttle';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

export type CurrentPasswordDeps = Pick<ServiceDeps, 'db'> & { throttle: SignInThrottle };

/** Throws "Senha atual incorreta" (or the throttle's 429) unless `password` is the account's. */
export async function checkCurrentPassword(
  { db, throttle }: CurrentPasswordDeps,
  userId: string,
  password: string,
  ip = 'local',
): Promise<void> {
  const row = db
    .select({ hash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw new AppError('BAD_REQUEST', MEMBER_MSG.currentPasswordWrong);
  const attempt = throttle.begin(row.email, ip);
  const right = Boolean(row.hash && (await verifyPassword(row.hash, password)));
  // Others guessing this account's password hold back a password here as at the sign-in screen.
  if (attempt.accountWaitSeconds > 0) throw attempt.refusal();
  if (!right) throw new AppError('BAD_REQUEST', MEMBER_MSG.currentPasswordWrong);
  attempt.succeeded();
}
