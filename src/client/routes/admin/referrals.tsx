import { createFileRoute } from '@tanstack/react-router';
import { AdminReferralsPage } from '../../components/admin/AdminReferralsPage';
import { referralSearch } from '../../lib/list-search';

/**
 * The section's name is the layout header's h1 ("Indicações"); `?status=&search=&page=` keep the
 * list (ADR 034).
 */
export const Route = createFileRoute('/admin/referrals')({
  validateSearch: referralSearch,
  component: ReferralsRoute,
});

function ReferralsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminReferralsPage
      search={search}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
