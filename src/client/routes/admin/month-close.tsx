import { createFileRoute } from '@tanstack/react-router';
import { MonthClosePage } from '../../components/admin/finance/MonthClosePage';
import { monthCloseSearch } from '../../lib/month-close-search';

/**
 * "Fechamento do mês": the section's name is the layout header's h1; the page starts at h2.
 * `?month=&figure=&channel=&page=` keep the month and the open figure (ADR 034).
 */
export const Route = createFileRoute('/admin/month-close')({
  validateSearch: monthCloseSearch,
  component: MonthCloseRoute,
});

function MonthCloseRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MonthClosePage search={search} navigate={(next) => void navigate({ search: next })} />;
}
