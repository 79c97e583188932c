/**
 * One-time links sent by e-mail (7 days): set a password, confirm the address. Only a hash of the
 * token is stored; using a link proves the address it was sent to.
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { emailChanges, passwordTokens, subscribers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ServiceDeps } from '../../lib/deps';
import { openWhere } from '../email-changes/targets';
import type { AccountsDeps } from './deps';
import { findByEmail, toPublicUser } from './account-reads';

export const SET_PASSWORD_TTL_MS = 7 * DAY_MS;

type LinkPurpose = (typeof passwordTokens.$inferInsert)['purpose'] & string;
export type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0];

const hashToken = (token: string) => Buffer.from(sha256(new TextEncoder().encode(token)));

/**
 * A one-time token (7 days) for `purpose`; the user's previous unused ones of that purpose stop
 * working, unless `keepEarlier` (each security notice keeps its own "não fui eu" link).
 */
export function issueToken(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  userId: string,
  purpose: LinkPurpose,
  { keepEarlier = false }: { keepEarlier?: boolean } = {},
): string {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
  const now = clock.now();
  db.transaction((tx) => {
    if (!keepEarlier) {
      tx.update(passwordTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordTokens.userId, userId),
            eq(passwordTokens.purpose, purpose),
            isNull(passwordTokens.usedAt),
          ),
        )
        .run();
    }
    tx.insert(passwordTokens)
      .values({
        id: newId(),
        userId,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + SET_PASSWORD_TTL_MS),
        createdAt: now,
      })
      .run();
  });
  return token;
}

/** A one-time link (7 days) to set a password; the previous unused links of the user stop working. */
export function createSetPasswordLink(deps: ServiceDeps, userId: string): string {
  return `${deps.env.publicUrl}/definir-senha?token=${issueToken(deps, userId, 'set_password')}`;
}

/** The valid, unused token of `purpose`, or undefined. */
export function findToken({ db }: Pick<ServiceDeps, 'db'>, token: string, purpose: LinkPurpose, now: Date) {
  return db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .get();
}

/** Marks the token used, inside the caller's transaction; false when another use got there first. */
export function claimToken(tx: Tx, tokenId: string, now: Date): boolean {
  const used = tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, tokenId), isNull(passwordTokens.usedAt)))
    .run();
  return used.changes > 0;
}

/**
 * The owner used a link sent to the address: the e-mail is proven. Only now does the account get
 * the subscriber record of that e-mail, if it has no account yet (an account already tied is
 * never moved), and never while a change of the account's sign-in address waits for its link
 * (ADR 027: the record would follow the account to an address nobody proved for it). Runs
 * inside the caller's transaction.
 */
export function proveEmail(tx: Tx, userId: string, now: Date) {
  tx.update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .run();
  const changing = tx
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), openWhere(now)))
    .get();
  if (changing) return;
  tx.update(subscribers)
    .set({ userId, updatedAt: now })
    .where(
      and(
        isNull(subscribers.userId),
        eq(subscribers.email, tx.select({ email: users.email }).from(users).where(eq(users.id, userId))),
      ),
    )
    .run();
}

/** Queues the "confirm your e-mail" message with a fresh link. */
export function sendVerification(deps: AccountsDeps, user: Pick<PublicUser, 'id' | 'name' | 'email'>): void {
  const verifyEmailUrl = `${deps.env.publicUrl}/confirmar-email?token=${issueToken(deps, user.id, 'verify_email')}`;
  deps.outbox.enqueue({
    channel: 'email',
    recipient: user.email,
    template: 'verify_email',
    vars: { name: user.name, email: user.email },
    secretVars: { verifyEmailUrl },
  });
}

/** True while the user holds a set-password link that is neither used nor expired. */
export function hasUsableSetPasswordLink({ db, clock }: ServiceDeps, userId: string): boolean {
  const row = db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, 'set_password'),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, clock.now()),
      ),
    )
    .get();
  return row !== undefined;
}

/**
 * "Confirmar email": uses a verification link. The address was registered without proof, so the
 * password typed at registration may be anybody's (ADR 027, "pre-hijacking"): the proof is the
 * credential. Every session of the account ends, that password stops working, what it asked for
 * (a change of address, other links) is cancelled, and the person who proved the address gets a
 * set-password token to choose a new one.
 */
export function verifyEmail(
  deps: AccountsDeps,
  token: string,
): { message: string; setPasswordToken: string } {
  const { db, clock, log, accountSecurity } = deps;
  const now = clock.now();
  const link = findToken(deps, token, 'verify_email', now);
  if (!link) throw new AppError('BAD_REQUEST', MSG.verifyEmailTokenInvalid);
  const claimed = db.transaction((tx) => {
    if (!claimToken(tx, link.id, now)) return false;
    tx.update(users).set({ passwordHash: null, updatedAt: now }).where(eq(users.id, link.userId)).run();
    accountSecurity.revokePending(link.userId);
    proveEmail(tx, link.userId, now);
    return true;
  });
  if (!claimed) throw new AppError('BAD_REQUEST', MSG.verifyEmailTokenInvalid);
  const ended = accountSecurity.endOtherSessions(link.userId);
  log.info({ userId: link.userId, ended }, 'e-mail verified; a new password is asked for');
  return { message: MSG.emailVerified, setPasswordToken: issueToken(deps, link.userId, 'set_password') };
}

/** Sends a new verification link to the signed-in person, unless the e-mail is already proven. */
export function resendVerification(deps: AccountsDeps, userId: string): { message: string } {
  const row = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
  if (row.emailVerifiedAt) return { message: MSG.emailAlreadyVerified };
  sendVerification(deps, toPublicUser(row));
  return { message: MSG.verificationSent };
}

/**
 * The form's "Esqueci minha senha": past the per-account cap nothing is sent; the caller's answer
 * is the same words.
 */
export function requestPasswordReset(deps: AccountsDeps, email: string): void {
  if (deps.throttle.allowResetMail(email)) sendPasswordReset(deps, email);
}

/**
 * "Esqueci minha senha": queues the set-password e-mail when the address has an account. The
 * answer is the same either way, so the form does not reveal who is registered.
 */
export function sendPasswordReset(deps: AccountsDeps, email: string): void {
  const row = findByEmail(deps, email);
  if (!row) return;
  const setPasswordUrl = createSetPasswordLink(deps, row.id);
  deps.outbox.enqueue({
    channel: 'email',
    recipient: row.email,
    template: 'set_password',
    vars: { name: row.name, email: row.email },
    secretVars: { setPasswordUrl },
  });
  deps.log.info({ userId: row.id }, 'set-password link queued');
}
