/**
 * Sessions in Lucia's design: the token handed to the client is `id.secret`; the table keeps the
 * id and a SHA-256 of the secret, compared in constant time.
 *
 * How long a session lives depends on the account's role (docs/decisions/028-owner-account.md):
 * it ends after a time unused (idle) and, however busy, at a fixed time after sign-in (absolute).
 * Admins: 12 hours idle, 7 days at most. Members: 30 days idle, 90 days at most. Use pushes the
 * idle expiry back, written at most once per `renewAfterMs` so most requests write nothing.
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { PublicUser } from '../../../shared/auth-schemas';
import type { Role } from '../../../shared/roles';
import { DAY_MS, HOUR_MS } from '../../../shared/sao-paulo-time';

export interface SessionPolicy {
  /** Unused this long, the session ends. */
  idleMs: number;
  /** After this long from sign-in, the session ends however it is used. */
  absoluteMs: number;
  /** The idle expiry is pushed back (one write) once this much of it has passed. */
  renewAfterMs: number;
}

export const SESSION_POLICY: Record<Role, SessionPolicy> = {
  admin: { idleMs: 12 * HOUR_MS, absoluteMs: 7 * DAY_MS, renewAfterMs: HOUR_MS },
  user: { idleMs: 30 * DAY_MS, absoluteMs: 90 * DAY_MS, renewAfterMs: 15 * DAY_MS },
};

/** A member's idle lifetime (the sessions of ADR 002). */
export const SESSION_TTL_MS = SESSION_POLICY.user.idleMs;

export interface Session {
  id: string;
  userId: string;
  /** When it ends if unused (the idle expiry, never past `endsAt`). */
  expiresAt: Date;
  /** When it ends however it is used: the browser's cookie lasts until then. */
  endsAt: Date;
  /** Sign-in time: counts as a fresh confirmation of identity for a few minutes (step-up). */
  createdAt: Date;
}

export interface SessionWithUser {
  session: Session;
  user: PublicUser;
}

const randomSecret = () => encodeBase32LowerCaseNoPadding(randomBytes(20));
const hashSecret = (secret: string) => Buffer.from(sha256(new TextEncoder().encode(secret)));

function prepareSelectSession(db: Db) {
  return db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
}

/** The store's database and clock, and the lookup every request makes, prepared once. */
interface SessionContext {
  db: Db;
  now: () => Date;
  selectSession: ReturnType<typeof prepareSelectSession>;
}

type SessionRow = NonNullable<ReturnType<SessionContext['selectSession']['get']>>;

const roleOf = (db: Db, userId: string): Role =>
  db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get()?.role ?? 'user';

/** Creates a session and returns the token to hand to the client (never stored). */
function create({ db, now }: SessionContext, userId: string): { token: string; session: Session } {
  const id = randomSecret();
  const secret = randomSecret();
  const createdAt = now();
  const policy = SESSION_POLICY[roleOf(db, userId)];
  const expiresAt = new Date(createdAt.getTime() + policy.idleMs);
  const endsAt = new Date(createdAt.getTime() + policy.absoluteMs);
  db.insert(sessions)
    .values({ id, userId, secretHash: hashSecret(secret), expiresAt, createdAt })
    .run();
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt, endsAt, createdAt } };
}

/** The stored row of a well-formed token whose secret matches; null otherwise. */
function rowOfToken({ selectSession }: SessionContext, token: string): SessionRow | null {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = selectSession.get({ id });
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), row.secretHash)) return null;
  return row;
}

/**
 * The session's expiries now under its role's policy: null when it has ended (and is deleted),
 * else the idle expiry, pushed back (one write) once enough of it has passed.
 */
function slideExpiry(
  { db, now }: SessionContext,
  row: SessionRow,
): { expiresAt: number; endsAt: number } | null {
  const current = now().getTime();
  const policy = SESSION_POLICY[row.role];
  const endsAt = row.createdAt.getTime() + policy.absoluteMs;
  // The stored expiry never reaches past the role's idle time from now (a role changed since).
  const idleEnd = Math.min(row.expiresAt.getTime(), current + policy.idleMs);
  if (Math.min(idleEnd, endsAt) <= current) {
    db.delete(sessions).where(eq(sessions.id, row.id)).run();
    return null;
  }
  let expiresAt = Math.min(idleEnd, endsAt);
  const renewed = Math.min(current + policy.idleMs, endsAt);
  if (renewed - expiresAt >= policy.renewAfterMs || idleEnd < row.expiresAt.getTime()) {
    expiresAt = renewed;
    db.update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, row.id))
      .run();
  }
  return { expiresAt, endsAt };
}

/** Resolves a token to its session and user, sliding the expiry; null when invalid or expired. */
function validate(ctx: SessionContext, token: string): SessionWithUser | null {
  const row = rowOfToken(ctx, token);
  if (!row) return null;
  const expiry = slideExpiry(ctx, row);
  if (!expiry) return null;
  return {
    session: {
      id: row.id,
      userId: row.userId,
      expiresAt: new Date(expiry.expiresAt),
      endsAt: new Date(expiry.endsAt),
      createdAt: row.createdAt,
    },
    user: { id: row.userId, name: row.name, email: row.email, role: row.role },
  };
}

export function createSessionStore(db: Db, now: () => Date) {
  const ctx: SessionContext = { db, now, selectSession: prepareSelectSession(db) };
  return {
    create: (userId: string): { token: string; session: Session } => create(ctx, userId),
    validate: (token: string): SessionWithUser | null => validate(ctx, token),
    invalidate: (sessionId: string): void => {
      db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
