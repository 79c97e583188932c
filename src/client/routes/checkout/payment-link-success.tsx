import { createFileRoute } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkTracking } from '../../components/checkout/PaymentLinkTracking';
import { searchText } from '../../lib/search-params';
import { DocumentTitle } from '../../lib/document-title';

export const Route = createFileRoute('/checkout/payment-link-success')({
  validateSearch: (search: Record<string, unknown>): { payment_link_id?: string } => ({
    payment_link_id: searchText(search.payment_link_id),
  }),
  component: TrackingPage,
});

function TrackingPage() {
  const { payment_link_id: paymentLinkId } = Route.useSearch();
  return (
    <CheckoutShell narrow>
      <DocumentTitle title={'Status do Pagamento'} />
      <PaymentLinkTracking paymentLinkId={paymentLinkId || undefined} />
    </CheckoutShell>
  );
}
