/**
 * Accounts: registration, login and logout, the one-time set-password links (DECISIONS §2) and
 * admin creation. Passwords are never sent or logged; links are.
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LoginInput, PublicUser, RegisterInput } from '../../shared/auth-schemas';
import { MSG } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import type { SessionStore } from '../auth/session';
import { passwordTokens, users } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';

export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface AuthResult {
  token: string;
  expiresAt: Date;
  user: PublicUser;
}

const toPublicUser = (row: typeof users.$inferSelect): PublicUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

const hashToken = (token: string) => Buffer.from(sha256(new TextEncoder().encode(token)));

export function createAccountsService(
  { db, env, clock, log }: ServiceDeps,
  sessions: SessionStore,
  outbox: OutboxService,
) {
  function findByEmail(email: string) {
    return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  }

  function startSession(user: PublicUser): AuthResult {
    const { token, session } = sessions.create(user.id);
    return { token, expiresAt: session.expiresAt, user };
  }

  return {
    findByEmail,

    getUser(id: string): PublicUser | undefined {
      const row = db.select().from(users).where(eq(users.id, id)).get();
      return row && toPublicUser(row);
    },

    /**
     * Creates an account and signs it in. The role is `user` unless the caller is an admin
     * (`allowRole`), as DECISIONS §2 requires.
     */
    async register(input: RegisterInput, options: { allowRole?: boolean } = {}): Promise<AuthResult> {
      const role: Role = options.allowRole && input.role ? input.role : 'user';
      if (findByEmail(input.email)) throw new AppError('CONFLICT', MSG.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const row = db
        .insert(users)
        .values({ id: newId(), email: input.email, name: input.name, role, passwordHash, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning()
        .get();
      // Two registrations racing for the same e-mail: the unique index lets only one through.
      if (!row) throw new AppError('CONFLICT', MSG.emailTaken);
      log.info({ userId: row.id, role }, 'account registered');
      return startSession(toPublicUser(row));
    },

    async login(input: LoginInput): Promise<AuthResult> {
      const row = findByEmail(input.email);
      const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!row || !row.passwordHash || !ok) throw new AppError('UNAUTHORIZED', MSG.invalidCredentials);
      return startSession(toPublicUser(row));
    },

    logout(sessionId: string): void {
      sessions.invalidate(sessionId);
    },

    /** A one-time link (7 days) to set a password; the previous unused links of the user stop working. */
    createSetPasswordLink(userId: string): string {
      const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
      const now = clock.now();
      db.transaction((tx) => {
        tx.update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
          .run();
        tx.insert(passwordTokens)
          .values({
            id: newId(),
            userId,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + SET_PASSWORD_TTL_MS),
            createdAt: now,
          })
          .run();
      });
      return `${env.publicUrl}/definir-senha?token=${token}`;
    },

    /**
     * "Esqueci minha senha": queues the set-password e-mail when the address has an account. The
     * answer is the same either way, so the form does not reveal who is registered.
     */
    requestPasswordReset(email: string): void {
      const row = findByEmail(email);
      if (!row) return;
      const setPasswordUrl = this.createSetPasswordLink(row.id);
      outbox.enqueue({
        channel: 'email',
        recipient: row.email,
        template: 'set_password',
        vars: { name: row.name, email: row.email, setPasswordUrl },
      });
    },

    /** Uses a set-password link: stores the new password, ends every old session, signs in. */
    async setPassword(token: string, password: string): Promise<AuthResult> {
      const now = clock.now();
      const link = db
        .select()
        .from(passwordTokens)
        .where(
          and(
            eq(passwordTokens.tokenHash, hashToken(token)),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, now),
          ),
        )
        .get();
      if (!link) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      const passwordHash = await hashPassword(password);
      const claimed = db.transaction((tx) => {
        const used = tx
          .update(passwordTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordTokens.id, link.id), isNull(passwordTokens.usedAt)))
          .run();
        if (used.changes === 0) return false;
        tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId)).run();
        return true;
      });
      if (!claimed) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      sessions.invalidateAllForUser(link.userId);
      const user = this.getUser(link.userId);
      if (!user) throw new AppError('BAD_REQUEST', MSG.setPasswordTokenInvalid);
      return startSession(user);
    },

    /**
     * Creates an admin, or promotes the existing account of that e-mail (setting its password
     * when one is given). Used by `npm run admin:create` and the first-start ADMIN_* variables.
     */
    async createOrPromoteAdmin(input: { email: string; password?: string; name?: string }): Promise<PublicUser> {
      const email = input.email.trim().toLowerCase();
      const now = clock.now();
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const existing = findByEmail(email);
      if (existing) {
        db.update(users)
          .set({
            role: 'admin',
            ...(passwordHash ? { passwordHash } : {}),
            ...(input.name ? { name: input.name } : {}),
            updatedAt: now,
          })
          .where(eq(users.id, existing.id))
          .run();
        if (passwordHash) sessions.invalidateAllForUser(existing.id);
        return { ...toPublicUser(existing), role: 'admin', name: input.name ?? existing.name };
      }
      const row = db
        .insert(users)
        .values({
          id: newId(),
          email,
          name: input.name ?? 'Admin',
          role: 'admin',
          passwordHash: passwordHash ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      return toPublicUser(row);
    },

    hasAdmin(): boolean {
      return db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1).get() !== undefined;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
