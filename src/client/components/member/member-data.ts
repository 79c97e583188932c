/** The member portal's reads, shared by the layout's indicator and every page (one cached query). */
import { trpc } from '../../lib/trpc';

export function useMemberOverview() {
  return trpc.member.overview.useQuery(undefined, { staleTime: 15_000 });
}

/** After a change to the membership: every page that shows it reads it again. */
export function useRefreshMember() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.member.overview.invalidate(),
      utils.member.payments.invalidate(),
      utils.member.profile.invalidate(),
    ]);
}
