/**
 * "Sair" (docs/product/decisions.md §2, ADR 056). The member or admin is out only once the server
 * says so: its session is ended (or was already gone). When the call fails on the way (network,
 * 5xx, rate limit) the outcome is unknown and the session may well still be valid, so the person
 * stays where they are and is told; a silent trip to /login would bounce them back in while they
 * believe they signed out. Kept apart from session.ts: the sign-in pages (served, ADR 040) import
 * that one and must not load the toasts.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../shared/messages';
import { trpcStatus } from './errors';
import { queryClient, trpcClient, trpcUtils } from './trpc';

/** Whether the logout call ended the session: it did, or the server says there was none (401). */
async function endServerSession(): Promise<boolean> {
  try {
    await trpcClient.auth.logout.mutate();
    return true;
  } catch (error) {
    return trpcStatus(error) === 401;
  }
}

/**
 * "Sair": ends the session on the server, forgets every cached answer, then opens /login. A failure
 * is told in a toast, which opens away from the layout's "Sair" (DeferredToaster's corner), so the
 * next try need not wait for it.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    if (!(await endServerSession())) {
      setPending(false);
      toast.error(MSG.logoutFailed);
      return;
    }
    // No answer asked while still signed in may land after the clearing and bring the person back.
    await queryClient.cancelQueries();
    queryClient.clear();
    trpcUtils.auth.me.setData(undefined, null);
    setPending(false);
    await navigate({ to: '/login', replace: true });
  }, [navigate]);
  return { logout, pending };
}
