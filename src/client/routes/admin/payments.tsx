import { createFileRoute } from '@tanstack/react-router';
import { AdminPayments } from '../../components/admin/payments/AdminPayments';
import { paymentSearch } from '../../lib/list-search';

/**
 * `?status=&method=&search=&sortBy=&sortOrder=&page=` keep the list (ADR 034); the dashboard's
 * "next action" opens it at `?status=failed`.
 */
export const Route = createFileRoute('/admin/payments')({
  validateSearch: paymentSearch,
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminPayments
      search={search}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
