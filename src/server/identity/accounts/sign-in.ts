/** Signing in and out: registration, the password (and second factor), a set-password link used. */
import { eq } from 'drizzle-orm';
import type { LoginInput, PublicUser, RegisterInput } from '../../../shared/auth-schemas';
import { normalizedEmail } from '../../../shared/email-address';
import { MSG } from '../../../shared/messages';
import type { Role } from '../../../shared/roles';
import { assertStrongPassword, dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import type { SignInAttempt } from '../auth/sign-in-throttle';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertEmailAvailable } from '../email-availability';
import { claimToken, findToken, proveEmail, sendVerification } from './account-links';
import { findByEmail, getUser, toPublicUser } from './account-reads';
import { insertAccount } from './create-account';
import type { AccountsDeps, AuthResult } from './deps';
import { isEnabled } from '../two-factor/context';
import { verifyCode } from '../two-factor/codes';

/** Ends the session (sign-out); an unknown or ended one is not an error. */
export function logout({ sessions }: AccountsDeps, sessionId: string): void {
  sessions.invalidate(sessionId);
}

function startSession({ sessions }: AccountsDeps, user: PublicUser): AuthResult {
  const { token, session } = sessions.create(user.id);
  // The browser keeps the cookie until the session's hard end; the server ends it sooner when idle.
  return { token, expiresAt: session.endsAt, user };
}

/**
 * The second step of a sign-in for an account with two-factor on: the app's code or a recovery
 * code must come with the password (the REST call, and the screen's second step, send both).
 * Without a code the answer says one is needed; nothing is opened in between.
 */
function checkSecondFactor(
  { twoFactor }: AccountsDeps,
  userId: string,
  code: string | undefined,
  attempt: SignInAttempt,
): void {
  if (!isEnabled(twoFactor, userId)) return;
  const reason = 'two_factor_required' as const;
  if (!code) {
    attempt.uncounted();
    throw new AppError('UNAUTHORIZED', MSG.twoFactorCodeRequired, { reason });
  }
  if (!verifyCode(twoFactor, userId, code, { allowRecovery: true })) {
    throw new AppError('UNAUTHORIZED', MSG.twoFactorCodeInvalid, { reason });
  }
}

/**
 * Creates an account and signs it in. The role is `user` unless the caller is an admin
 * (`allowRole`), as docs/product/decisions.md §2 requires.
 */
export async function register(
  deps: AccountsDeps,
  input: RegisterInput,
  options: { allowRole?: boolean } = {},
): Promise<AuthResult> {
  const role: Role = options.allowRole && input.role ? input.role : 'user';
  await assertStrongPassword(input.password, input);
  assertEmailAvailable(deps.db, normalizedEmail(input.email), { among: 'accounts' });
  const passwordHash = await hashPassword(input.password);
  // One transaction: a full disk leaves no account without its session and confirmation link,
  // which would turn the person's next try into "e-mail already registered".
  return deps.db.transaction(() => {
    const user = insertAccount(deps, { name: input.name, email: input.email, role }, passwordHash);
    // Anyone may type any address: until its owner uses this link, the account gets nothing
    // that was filed under that e-mail (ADR 014).
    sendVerification(deps, user);
    return startSession(deps, user);
  });
}

/**
 * Signs in with the password, and the code when the account has two-factor on. Failures count
 * against the account (growing waits, sign-in-throttle.ts) besides the per-IP limit. While the
 * account as a whole waits (many addresses guessed wrong), the password with a right code still
 * signs in; anything less answers the same 429, right password or not.
 */
export async function login(
  deps: AccountsDeps,
  input: LoginInput,
  { ip = 'local' }: { ip?: string } = {},
): Promise<AuthResult> {
  const attempt = deps.throttle.begin(input.email, ip);
  const row = findByEmail(deps, input.email);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (attempt.accountWaitSeconds > 0) {
    if (!row?.passwordHash || !ok || !input.code || !isEnabled(deps.twoFactor, row.id))
      throw attempt.refusal();
    if (!verifyCode(deps.twoFactor, row.id, input.code, { allowRecovery: true })) throw attempt.refusal();
    attempt.succeeded();
    return startSession(deps, toPublicUser(row));
  }
  if (!row || !row.passwordHash || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
  checkSecondFactor(deps, row.id, input.code, attempt);
  attempt.succeeded();
  return startSession(deps, toPublicUser(row));
}

/**
 * Uses a set-password link: stores the new password, ends every old session, cancels every
 * pending change of address and every other unused link, tells the owner (when there was a
 * password before), signs in. An account with two-factor on also needs its
 * code: the link alone, from a mailbox someone else reads, opens nothing.
 */
export async function setPassword(
  deps: AccountsDeps,
  token: string,
  password: string,
  { code, ip = 'local' }: { code?: string; ip?: string } = {},
): Promise<AuthResult> {
  const { db, clock, log, accountSecurity } = deps;
  const now = clock.now();
  const link = findToken(deps, token, 'set_password', now);
  if (!link) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
  const account = db.select().from(users).where(eq(users.id, link.userId)).get();
  if (!account) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
  await assertStrongPassword(password, account);
  if (isEnabled(deps.twoFactor, account.id)) {
    const attempt = deps.throttle.begin(account.email, ip);
    checkSecondFactor(deps, account.id, code, attempt);
    attempt.succeeded();
  }
  const passwordHash = await hashPassword(password);
  // Claimed inside the transaction so two concurrent uses of one link cannot both succeed.
  const claimed = db.transaction((tx) => {
    if (!claimToken(tx, link.id, now)) return false;
    tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId)).run();
    // A reset ends what the old password asked for: a pending change of address, other links.
    accountSecurity.revokePending(link.userId);
    // The link came by e-mail: using it proves the address.
    proveEmail(tx, link.userId, now);
    return true;
  });
  if (!claimed) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
  accountSecurity.endOtherSessions(link.userId);
  if (account.passwordHash) accountSecurity.notify(link.userId, 'password_changed');
  const user = getUser(deps, link.userId);
  if (!user) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
  log.info({ userId: user.id }, 'password set');
  return startSession(deps, user);
}
