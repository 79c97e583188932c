import { createFileRoute } from '@tanstack/react-router';
import { AdminPayments } from '../../components/admin/payments/AdminPayments';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/plans';

/** `?status=failed` (the dashboard's "next action") opens the list filtered. */
export const Route = createFileRoute('/admin/payments')({
  validateSearch: (search: Record<string, unknown>): { status?: PaymentStatus } => {
    const status = PAYMENT_STATUSES.find((candidate) => candidate === search.status);
    return status ? { status } : {};
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const { status } = Route.useSearch();
  // Keyed: following a link with another status starts the screen over with that filter.
  return <AdminPayments key={status ?? 'all'} initialStatus={status ?? 'all'} />;
}
