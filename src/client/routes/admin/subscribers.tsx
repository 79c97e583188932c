import { createFileRoute } from '@tanstack/react-router';
import { SubscribersPage } from '../../components/admin/subscribers/SubscribersPage';
import { subscriberSearch } from '../../lib/list-search';

/**
 * The back office's subscribers; the page is its own chunk (route code splitting).
 * `?status=&search=&sortBy=&sortOrder=&page=&endingWithinDays=&view=` keep the list (ADR 034).
 */
export const Route = createFileRoute('/admin/subscribers')({
  validateSearch: subscriberSearch,
  component: SubscribersRoute,
});

function SubscribersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SubscribersPage
      search={search}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
