import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../components/admin/messaging/OutboxPage';
import { outboxSearch } from '../../lib/list-search';

/**
 * The section's name is the layout header's h1; the page starts at h2.
 * `?status=&channel=&page=` keep the list (ADR 034).
 */
export const Route = createFileRoute('/admin/outbox')({
  validateSearch: outboxSearch,
  component: OutboxRoute,
});

function OutboxRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OutboxPage search={search} navigate={(next) => void navigate({ search: next })} />;
}
