/**
 * Sessions in Lucia's design: the token handed to the client is `id.secret`; the table keeps the
 * id and a SHA-256 of the secret, compared in constant time. Expiry slides: a session used in its
 * second half is pushed back to 30 days (written at most once per request, and only then).
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { PublicUser } from '../../shared/auth-schemas';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export interface SessionWithUser {
  session: Session;
  user: PublicUser;
}

const randomSecret = () => encodeBase32LowerCaseNoPadding(randomBytes(20));
const hashSecret = (secret: string) => Buffer.from(sha256(new TextEncoder().encode(secret)));

export function createSessionStore(db: Db, now: () => Date) {
  const selectSession = db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();

  return {
    /** Creates a session and returns the token to hand to the client (never stored). */
    create(userId: string): { token: string; session: Session } {
      const id = randomSecret();
      const secret = randomSecret();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      db.insert(sessions)
        .values({ id, userId, secretHash: hashSecret(secret), expiresAt })
        .run();
      return { token: `${id}.${secret}`, session: { id, userId, expiresAt } };
    },

    /** Resolves a token to its session and user, sliding the expiry; null when invalid or expired. */
    validate(token: string): SessionWithUser | null {
      const [id, secret, extra] = token.split('.');
      if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
      const row = selectSession.get({ id });
      if (!row) return null;
      if (!constantTimeEqual(hashSecret(secret), row.secretHash)) return null;
      const current = now().getTime();
      if (row.expiresAt.getTime() <= current) {
        db.delete(sessions).where(eq(sessions.id, id)).run();
        return null;
      }
      let expiresAt = row.expiresAt;
      if (expiresAt.getTime() - current < RENEW_WHEN_LEFT_MS) {
        expiresAt = new Date(current + SESSION_TTL_MS);
        db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
      }
      return {
        session: { id, userId: row.userId, expiresAt },
        user: { id: row.userId, name: row.name, email: row.email, role: row.role },
      };
    },

    invalidate(sessionId: string): void {
      db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    },

    /** Ends every session of a user (password change, account removal). */
    invalidateAllForUser(userId: string): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
