/** Creating accounts: a person's (registration, approval), an admin's (script, first start, seed). */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { registerInput, type PublicUser } from '../../../shared/auth-schemas';
import { normalizedEmail } from '../../../shared/email-address';
import { MSG } from '../../../shared/messages';
import { checkPasswordStrength } from '../../../shared/password-strength';
import type { Role } from '../../../shared/roles';
import { assertStrongPassword, hashPassword } from '../auth/password';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ServiceDeps } from '../../lib/deps';
import { assertEmailAvailable, emailTakenError } from '../email-availability';
import { findByEmail, hasAdmin, toPublicUser } from './account-reads';
import type { AccountsDeps } from './deps';

/** Same rules as registration (e-mail normalised, password ≥ 8), password optional for promotions. */
const adminInput = z.object({
  email: registerInput.shape.email,
  password: registerInput.shape.password.optional(),
  name: registerInput.shape.name.optional(),
});
export type AdminInput = z.input<typeof adminInput>;

const firstIssue = (schema: z.ZodType, value: string): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.invalidInput);
};

/**
 * The rules of `createOrPromoteAdmin` one answer at a time, for `admin:create` asking them in turn
 * (e-mail, name, password): the message of the first rule the answer breaks, or null. An empty name
 * keeps the default; an empty password keeps an existing account's.
 */
export const adminAnswerProblem = {
  email: (email: string) => firstIssue(adminInput.shape.email, email),
  name: (name: string) => (name ? firstIssue(registerInput.shape.name, name) : null),
  async password(password: string, person: { email: string; name?: string; existing: boolean }) {
    if (!password) return person.existing ? null : MSG.passwordTooShort;
    const rule = firstIssue(registerInput.shape.password, password);
    if (rule) return rule;
    const verdict = await checkPasswordStrength(password, person);
    return verdict.ok ? null : verdict.message;
  },
};

export interface NewAccount {
  name: string;
  email: string;
  password?: string;
  role?: Role;
  /** The address is known to be the person's (an operator created it, or the demo seed). */
  emailVerified?: boolean;
}

/**
 * Inserts an account without signing it in. `password` may be absent: an approved member
 * without a password gets a set-password link instead (docs/product/decisions.md §2).
 */
export async function createAccount(deps: ServiceDeps, input: NewAccount) {
  assertEmailAvailable(deps.db, normalizedEmail(input.email), { among: 'accounts' });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return insertAccount(deps, input, passwordHash);
}

/**
 * The insert of `createAccount`, with the password already hashed (the hash takes tens of
 * milliseconds): synchronous, so a registration writes the account, its confirmation link and its
 * session in one transaction.
 */
export function insertAccount(
  { db, clock, log }: ServiceDeps,
  input: NewAccount,
  passwordHash: string | null,
) {
  const email = normalizedEmail(input.email);
  assertEmailAvailable(db, email, { among: 'accounts' });
  const now = clock.now();
  const role = input.role ?? 'user';
  const [row] = db
    .insert(users)
    .values({
      id: newId(),
      email,
      name: input.name,
      role,
      passwordHash,
      emailVerifiedAt: input.emailVerified ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .all();
  // Two registrations racing for the same e-mail: the unique index lets only one through.
  if (!row) throw emailTakenError();
  log.info({ userId: row.id, role }, 'account created');
  return toPublicUser(row);
}

/** Makes the existing account an admin, with the password and name when given. */
function promoteToAdmin(
  { db, clock, log, accountSecurity }: AccountsDeps,
  existing: typeof users.$inferSelect,
  change: { passwordHash?: string; name?: string },
): PublicUser {
  const { passwordHash, name } = change;
  db.update(users)
    .set({
      role: 'admin',
      emailVerifiedAt: existing.emailVerifiedAt ?? clock.now(),
      ...(passwordHash ? { passwordHash } : {}),
      ...(name ? { name } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(users.id, existing.id))
    .run();
  // A new password ends the sessions opened with the old one, as setPassword does, and the owner
  // is told; a new role ends them too (an admin's sessions live by other rules).
  if (passwordHash || existing.role !== 'admin') accountSecurity.endOtherSessions(existing.id);
  if (passwordHash && existing.passwordHash) accountSecurity.notify(existing.id, 'password_changed');
  log.info({ userId: existing.id }, 'account promoted to admin');
  return { ...toPublicUser(existing), role: 'admin', name: name ?? existing.name };
}

/**
 * Creates an admin, or promotes the existing account of that e-mail (setting its password and
 * name when given). A new admin needs a password. Used by `npm run admin:create`, the first-start
 * ADMIN_* variables and the demo seed.
 */
export async function createOrPromoteAdmin(
  deps: AccountsDeps,
  raw: AdminInput,
): Promise<{ user: PublicUser; created: boolean }> {
  const parsed = adminInput.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? MSG.invalidInput);
  const { email, password, name } = parsed.data;
  const existing = findByEmail(deps, email);
  if (!existing && !password) throw new AppError('BAD_REQUEST', MSG.passwordTooShort);
  if (password) await assertStrongPassword(password, { name: name ?? existing?.name, email });
  const passwordHash = password ? await hashPassword(password) : undefined;
  if (!existing) {
    // Admins are created by the machine's operator (admin:create, ADMIN_EMAIL): their address is theirs.
    const user = await createAccount(deps, {
      email,
      name: name ?? 'Admin',
      password,
      role: 'admin',
      emailVerified: true,
    });
    return { user, created: true };
  }
  return { user: promoteToAdmin(deps, existing, { passwordHash, name }), created: false };
}

/**
 * The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, only while the club has no admin (so a
 * restart never resets anyone's password). Returns the admin created or promoted, else null.
 */
export async function ensureFirstAdmin(deps: AccountsDeps): Promise<PublicUser | null> {
  const { env, log } = deps;
  if (!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) return null;
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    log.warn('ADMIN_EMAIL and ADMIN_PASSWORD must both be set to create the first admin');
    return null;
  }
  if (hasAdmin(deps)) return null;
  let user: PublicUser;
  try {
    ({ user } = await createOrPromoteAdmin(deps, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
    }));
  } catch (error) {
    // A guessable ADMIN_PASSWORD, a bad ADMIN_EMAIL: said once in the log; the server starts.
    if (!(error instanceof AppError)) throw error;
    log.error({ reason: error.message }, 'first admin not created: ADMIN_EMAIL / ADMIN_PASSWORD refused');
    return null;
  }
  log.info({ userId: user.id }, 'first admin created from ADMIN_EMAIL');
  return user;
}
