/**
 * Route guards (docs/product/decisions.md §2). The session is the `auth.me` query: the HttpOnly cookie travels with
 * it, so the client never holds a token. Guards are UX only — the server checks every permission.
 *
 * Used from `beforeLoad`: `beforeLoad: ({ context }) => redirectIfAuthenticated(context)`.
 */
import { redirect } from '@tanstack/react-router';
import type { PublicUser } from '../../shared/auth-schemas';
import { safeReturnPath } from '../../shared/return-path';
import { HOME_BY_ROLE, type Role } from '../../shared/roles';
import type { DataLayerSource } from './data-layer';

/** The part of the router context the guards need. */
export interface GuardContext {
  dataLayer: DataLayerSource;
}

/**
 * The signed-in person, or null, from TanStack Query's cache (login and logout write it). When the
 * cached answer is older than the query's stale time it is re-checked in the background, so a
 * session ended elsewhere (another tab, expiry) is noticed; see the session watch in
 * browser-data-layer.tsx.
 */
export async function getSessionUser(context: GuardContext): Promise<PublicUser | null> {
  const { trpc } = await context.dataLayer.load();
  const user = await trpc.auth.me.ensureData();
  void trpc.auth.me.prefetch();
  return user;
}

/**
 * Public entry pages (/, /login, /signup, /register): a signed-in person goes to their home. When
 * the session cannot be checked (offline, server error) the visitor is treated as anonymous: these
 * pages work without a session, and the server still decides on every call.
 */
export async function redirectIfAuthenticated(context: GuardContext, returnTo?: unknown): Promise<void> {
  let user: PublicUser | null;
  try {
    user = await getSessionUser(context);
  } catch (error) {
    console.warn('Sessão não verificada; a página segue como visitante', error);
    return;
  }
  if (!user) return;
  // Already signed in when a link sent them to sign in: the page that link asked for.
  const back = safeReturnPath(returnTo);
  if (back) throw redirect({ href: back, replace: true });
  throw redirect({ to: HOME_BY_ROLE[user.role], replace: true });
}

/**
 * Protected area: no session → /login, carrying the page asked for (`redirect`: a shared list, an
 * e-mailed link) so the sign-in returns there; wrong role → that person's home.
 */
export async function requireRole(context: GuardContext, role: Role, asked?: string): Promise<PublicUser> {
  const user = await getSessionUser(context);
  if (!user) {
    const back = safeReturnPath(asked);
    throw redirect({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
  }
  if (user.role !== role) throw redirect({ to: HOME_BY_ROLE[user.role], replace: true });
  return user;
}
