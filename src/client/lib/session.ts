/**
 * The session on the client: `auth.me` is the truth (the HttpOnly cookie rides along). Logging in
 * writes the answer into that query; logging out (logout.ts) ends the server session and clears every
 * cached query, so nothing of the previous person stays in memory (docs/product/decisions.md §2).
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { PublicUser } from '../../shared/auth-schemas';
import { safeReturnPath } from '../../shared/return-path';
import { HOME_BY_ROLE } from '../../shared/roles';
import { queryClient, trpc, trpcUtils } from './trpc';

/** The signed-in person (null when anonymous, undefined while the first answer is on its way). */
export function useSessionUser(): PublicUser | null | undefined {
  return trpc.auth.me.useQuery().data;
}

/**
 * Stores a fresh sign-in and goes to the page that asked for it (`returnTo`, when it is a safe path
 * of this site) or else to that person's home, replacing the auth page in history.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  return useCallback(
    async (user: PublicUser, returnTo?: unknown) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries();
      trpcUtils.auth.me.setData(undefined, user);
      const back = safeReturnPath(returnTo);
      if (back) await navigate({ href: back, replace: true });
      else await navigate({ to: HOME_BY_ROLE[user.role], replace: true });
    },
    [navigate],
  );
}
