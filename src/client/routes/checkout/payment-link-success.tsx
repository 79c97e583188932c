import { createFileRoute } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkTracking } from '../../components/checkout/PaymentLinkTracking';
import { searchText } from '../../lib/search-params';
import { useDocumentTitle } from '../../lib/document-title';

export const Route = createFileRoute('/checkout/payment-link-success')({
  validateSearch: (search: Record<string, unknown>): { payment_link_id?: string } => ({
    payment_link_id: searchText(search.payment_link_id),
  }),
  component: TrackingPage,
});

function TrackingPage() {
  useDocumentTitle('Status do Pagamento');
  const { payment_link_id: paymentLinkId } = Route.useSearch();
  return (
    <CheckoutShell narrow>
      <PaymentLinkTracking paymentLinkId={paymentLinkId || undefined} />
    </CheckoutShell>
  );
}
