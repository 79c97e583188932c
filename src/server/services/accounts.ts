/**
 * Accounts: registration, login and logout, the one-time set-password links (docs/product/decisions.md §2),
 * admin creation (script and first start) and the admin's list of accounts. Passwords and tokens
 * are never sent or logged; only the set-password link leaves, through the outbox.
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  registerInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '../../shared/auth-schemas';
import { MSG } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import { assertStrongPassword, dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import type { SessionStore } from '../auth/session';
import type { SignInAttempt, SignInThrottle } from '../auth/sign-in-throttle';
import { passwordTokens, subscribers, users } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { AccountSecurity } from './account-security';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { TwoFactorService } from './two-factor';
import { assertEmailAvailable, emailTakenError } from './email-availability';

export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const USERS_PAGE_SIZE = 10;

export interface AuthResult {
  token: string;
  expiresAt: Date;
  user: PublicUser;
}

/** What a person sees of their own account (and an admin of everyone's). Dates as ISO strings. */
export interface AccountView extends PublicUser {
  createdAt: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

/** Same rules as registration (e-mail normalised, password ≥ 8), password optional for promotions. */
const adminInput = z.object({
  email: registerInput.shape.email,
  password: registerInput.shape.password.optional(),
  name: registerInput.shape.name.optional(),
});
export type AdminInput = z.input<typeof adminInput>;

const toPublicUser = (row: typeof users.$inferSelect): PublicUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
};
const toAccountView = (row: PublicUser & { createdAt: Date }): AccountView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const hashToken = (token: string) => Buffer.from(sha256(new TextEncoder().encode(token)));

/**
 * What sign-in needs beyond the account itself (docs/decisions/028-owner-account.md): the second
 * factor, the per-account throttle, and the notices and session ends around credential changes.
 */
export interface SignInSecurity {
  twoFactor: TwoFactorService;
  throttle: SignInThrottle;
  accountSecurity: AccountSecurity;
}

/** What the accounts service is built from, by name. */
export interface AccountsDeps extends ServiceDeps, SignInSecurity {
  sessions: SessionStore;
  outbox: OutboxService;
}

export function createAccountsService({
  db,
  env,
  clock,
  log,
  sessions,
  outbox,
  twoFactor,
  throttle,
  accountSecurity,
}: AccountsDeps) {
  function findByEmail(email: string) {
    return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  }

  function getUser(id: string): PublicUser | undefined {
    const row = db.select().from(users).where(eq(users.id, id)).get();
    return row && toPublicUser(row);
  }

  function startSession(user: PublicUser): AuthResult {
    const { token, session } = sessions.create(user.id);
    // The browser keeps the cookie until the session's hard end; the server ends it sooner when idle.
    return { token, expiresAt: session.endsAt, user };
  }

  /**
   * The second step of a sign-in for an account with two-factor on: the app's code or a recovery
   * code must come with the password (the REST call, and the screen's second step, send both).
   * Without a code the answer says one is needed; nothing is opened in between.
   */
  function checkSecondFactor(userId: string, code: string | undefined, attempt: SignInAttempt): void {
    if (!twoFactor.isEnabled(userId)) return;
    const reason = 'two_factor_required' as const;
    if (!code) {
      attempt.uncounted();
      throw new AppError('UNAUTHORIZED', MSG.twoFactorCodeRequired, { reason });
    }
    if (!twoFactor.verifyCode(userId, code, { allowRecovery: true })) {
      throw new AppError('UNAUTHORIZED', MSG.twoFactorCodeInvalid, { reason });
    }
  }

  /**
   * Inserts an account without signing it in. `password` may be absent: an approved member
   * without a password gets a set-password link instead (docs/product/decisions.md §2).
   */
  async function createAccount(input: {
    name: string;
    email: string;
    password?: string;
    role?: Role;
    /** The address is known to be the person's (an operator created it, or the demo seed). */
    emailVerified?: boolean;
  }) {
    const email = input.email.trim().toLowerCase();
    assertEmailAvailable(db, email, { among: 'accounts' });
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const now = clock.now();
    const role = input.role ?? 'user';
    const row = db
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
      .get();
    // Two registrations racing for the same e-mail: the unique index lets only one through.
    if (!row) throw emailTakenError();
    log.info({ userId: row.id, role }, 'account created');
    return toPublicUser(row);
  }

  type LinkPurpose = (typeof passwordTokens.$inferInsert)['purpose'] & string;

  /** A one-time token (7 days) for `purpose`; the user's previous unused ones of that purpose stop working. */
  function issueToken(userId: string, purpose: LinkPurpose): string {
    const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
    const now = clock.now();
    db.transaction((tx) => {
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
  function createSetPasswordLink(userId: string): string {
    return `${env.publicUrl}/definir-senha?token=${issueToken(userId, 'set_password')}`;
  }

  /** The valid, unused token of `purpose`, or undefined. */
  function findToken(token: string, purpose: LinkPurpose, now: Date) {
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

  /**
   * The owner used a link sent to the address: the e-mail is proven. Only now does the account get
   * the subscriber record of that e-mail, if it has no account yet (an account already tied is
   * never moved). Runs inside the caller's transaction.
   */
  function proveEmail(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], userId: string, now: Date) {
    tx.update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .run();
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
  function sendVerification(user: Pick<PublicUser, 'id' | 'name' | 'email'>): void {
    const verifyEmailUrl = `${env.publicUrl}/confirmar-email?token=${issueToken(user.id, 'verify_email')}`;
    outbox.enqueue({
      channel: 'email',
      recipient: user.email,
      template: 'verify_email',
      vars: { name: user.name, email: user.email },
      secretVars: { verifyEmailUrl },
    });
  }

  /** True while the user holds a set-password link that is neither used nor expired. */
  function hasUsableSetPasswordLink(userId: string): boolean {
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
   * Creates an admin, or promotes the existing account of that e-mail (setting its password and
   * name when given). A new admin needs a password. Used by `npm run admin:create`, the first-start
   * ADMIN_* variables and the demo seed.
   */
  async function createOrPromoteAdmin(raw: AdminInput): Promise<{ user: PublicUser; created: boolean }> {
    const parsed = adminInput.safeParse(raw);
    if (!parsed.success)
      throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? MSG.invalidInput);
    const { email, password, name } = parsed.data;
    const existing = findByEmail(email);
    if (!existing && !password) throw new AppError('BAD_REQUEST', MSG.passwordTooShort);
    if (password) assertStrongPassword(password, { name: name ?? existing?.name, email });
    const passwordHash = password ? await hashPassword(password) : undefined;
    if (!existing) {
      // Admins are created by the machine's operator (admin:create, ADMIN_EMAIL): their address is theirs.
      const user = await createAccount({
        email,
        name: name ?? 'Admin',
        password,
        role: 'admin',
        emailVerified: true,
      });
      return { user, created: true };
    }
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
    return {
      user: { ...toPublicUser(existing), role: 'admin', name: name ?? existing.name },
      created: false,
    };
  }

  function hasAdmin(): boolean {
    return (
      db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1).get() !== undefined
    );
  }

  return {
    findByEmail,
    getUser,
    createAccount,
    createSetPasswordLink,
    hasUsableSetPasswordLink,

    /** Whether the account's owner proved the e-mail (links to records filed under it need that). */
    isEmailVerified(userId: string): boolean {
      const row = db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
      return Boolean(row?.at);
    },

    /** "Confirmar email": uses a verification link. */
    verifyEmail(token: string): { message: string } {
      const now = clock.now();
      const link = findToken(token, 'verify_email', now);
      if (!link) throw new AppError('BAD_REQUEST', MSG.verifyEmailTokenInvalid);
      const claimed = db.transaction((tx) => {
        const used = tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.id, link.id), isNull(passwordTokens.usedAt)))
          .run();
        if (used.changes === 0) return false;
        proveEmail(tx, link.userId, now);
        return true;
      });
      if (!claimed) throw new AppError('BAD_REQUEST', MSG.verifyEmailTokenInvalid);
      log.info({ userId: link.userId }, 'e-mail verified');
      return { message: MSG.emailVerified };
    },

    /** Sends a new verification link to the signed-in person, unless the e-mail is already proven. */
    resendVerification(userId: string): { message: string } {
      const row = db.select().from(users).where(eq(users.id, userId)).get();
      if (!row) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
      if (row.emailVerifiedAt) return { message: MSG.emailAlreadyVerified };
      sendVerification(toPublicUser(row));
      return { message: MSG.verificationSent };
    },
    createOrPromoteAdmin,
    hasAdmin,

    /**
     * Creates an account and signs it in. The role is `user` unless the caller is an admin
     * (`allowRole`), as docs/product/decisions.md §2 requires.
     */
    async register(input: RegisterInput, options: { allowRole?: boolean } = {}): Promise<AuthResult> {
      const role: Role = options.allowRole && input.role ? input.role : 'user';
      assertStrongPassword(input.password, input);
      const user = await createAccount({
        name: input.name,
        email: input.email,
        password: input.password,
        role,
      });
      // Anyone may type any address: until its owner uses this link, the account gets nothing
      // that was filed under that e-mail (issue 8 §3).
      sendVerification(user);
      return startSession(user);
    },

    /**
     * Signs in with the password, and the code when the account has two-factor on. Failures count
     * against the account (growing waits, sign-in-throttle.ts) besides the per-IP limit.
     */
    async login(input: LoginInput, { ip = 'local' }: { ip?: string } = {}): Promise<AuthResult> {
      const attempt = throttle.begin(input.email, ip);
      const row = findByEmail(input.email);
      const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!row || !row.passwordHash || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
      checkSecondFactor(row.id, input.code, attempt);
      attempt.succeeded();
      return startSession(toPublicUser(row));
    },

    logout(sessionId: string): void {
      sessions.invalidate(sessionId);
    },

    /**
     * "Esqueci minha senha": queues the set-password e-mail when the address has an account. The
     * answer is the same either way, so the form does not reveal who is registered.
     */
    requestPasswordReset(email: string): void {
      const row = findByEmail(email);
      if (!row) return;
      const setPasswordUrl = createSetPasswordLink(row.id);
      outbox.enqueue({
        channel: 'email',
        recipient: row.email,
        template: 'set_password',
        vars: { name: row.name, email: row.email },
        secretVars: { setPasswordUrl },
      });
      log.info({ userId: row.id }, 'set-password link queued');
    },

    /**
     * Uses a set-password link: stores the new password, ends every old session, tells the owner
     * (when there was a password before), signs in. An account with two-factor on also needs its
     * code: the link alone, from a mailbox someone else reads, opens nothing.
     */
    async setPassword(
      token: string,
      password: string,
      { code, ip = 'local' }: { code?: string; ip?: string } = {},
    ): Promise<AuthResult> {
      const now = clock.now();
      const link = findToken(token, 'set_password', now);
      if (!link) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      const account = db.select().from(users).where(eq(users.id, link.userId)).get();
      if (!account) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      assertStrongPassword(password, account);
      if (twoFactor.isEnabled(account.id)) {
        const attempt = throttle.begin(account.email, ip);
        checkSecondFactor(account.id, code, attempt);
        attempt.succeeded();
      }
      const passwordHash = await hashPassword(password);
      // Claimed inside the transaction so two concurrent uses of one link cannot both succeed.
      const claimed = db.transaction((tx) => {
        const used = tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.id, link.id), isNull(passwordTokens.usedAt)))
          .run();
        if (used.changes === 0) return false;
        tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId)).run();
        // The link came by e-mail: using it proves the address.
        proveEmail(tx, link.userId, now);
        return true;
      });
      if (!claimed) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      accountSecurity.endOtherSessions(link.userId);
      if (account.passwordHash) accountSecurity.notify(link.userId, 'password_changed');
      const user = getUser(link.userId);
      if (!user) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      log.info({ userId: user.id }, 'password set');
      return startSession(user);
    },

    /**
     * The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, only while the club has no admin (so a
     * restart never resets anyone's password). Returns the admin created or promoted, else null.
     */
    async ensureFirstAdmin(): Promise<PublicUser | null> {
      if (!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) return null;
      if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
        log.warn('ADMIN_EMAIL and ADMIN_PASSWORD must both be set to create the first admin');
        return null;
      }
      if (hasAdmin()) return null;
      let user: PublicUser;
      try {
        ({ user } = await createOrPromoteAdmin({
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
    },

    /** The signed-in person's own account. */
    getAccount(userId: string): AccountView {
      const row = db.select(accountColumns).from(users).where(eq(users.id, userId)).get();
      if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
      return toAccountView(row);
    },

    /** Every account, newest first, a page at a time; `search` matches name or e-mail. */
    listUsers({ page = 1, search }: { page?: number; search?: string } = {}): {
      users: AccountView[];
      pagination: Pagination;
    } {
      const limit = USERS_PAGE_SIZE;
      const term = search?.trim().toLowerCase();
      const where: SQL | undefined = term
        ? or(contains(users.name, term), contains(users.email, term))
        : undefined;
      const total = db.select({ total: count() }).from(users).where(where).get()?.total ?? 0;
      const rows = db
        .select(accountColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .all();
      return {
        users: rows.map(toAccountView),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },
  };
}

/** Case-insensitive substring match where `%` and `_` typed by a person stay literal characters. */
function contains(column: typeof users.name | typeof users.email, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
