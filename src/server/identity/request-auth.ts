/**
 * How a request proves who it is: the HttpOnly session cookie (browser) or `Authorization: Bearer`
 * (REST callers), both carrying the same session token. Also the Origin check that protects
 * cookie-authenticated mutations from cross-site requests (Lucia's CSRF guidance).
 */
import type { PublicUser } from '../../shared/auth-schemas';
import type { Role } from '../../shared/roles';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import type { Session, SessionStore } from './auth/session';

export const SESSION_COOKIE = 'confraria_session';

export interface RequestAuth {
  user: PublicUser | null;
  session: Session | null;
  /** How the session arrived: the Origin check applies to cookies only. */
  via: 'cookie' | 'bearer' | null;
}

export const anonymous: RequestAuth = { user: null, session: null, via: null };

export function resolveRequestAuth(
  store: SessionStore,
  authorization: string | undefined,
  cookieToken: string | undefined,
): RequestAuth {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = bearer ?? cookieToken;
  if (!token) return anonymous;
  const found = store.validate(token);
  if (!found) return anonymous;
  return { user: found.user, session: found.session, via: bearer ? 'bearer' : 'cookie' };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated request that changes something must come from one of our own origins:
 * the configured public URL or the Host it was sent to.
 */
export function isOriginAllowed(
  method: string,
  auth: RequestAuth,
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (SAFE_METHODS.has(method) || auth.via !== 'cookie') return true;
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  return originHost === host || origin === new URL(publicUrl).origin;
}

/** The one place access rules are decided, for tRPC middleware and REST routes alike. */
export function requireUser(auth: RequestAuth): PublicUser & { sessionId: string } {
  if (!auth.user || !auth.session) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
  return { ...auth.user, sessionId: auth.session.id };
}

export function requireRole(auth: RequestAuth, role: Role): PublicUser & { sessionId: string } {
  const user = requireUser(auth);
  if (user.role !== role) throw new AppError('FORBIDDEN', MSG.forbidden);
  return user;
}
