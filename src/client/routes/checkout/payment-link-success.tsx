import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkTracking } from '../../components/checkout/PaymentLinkTracking';
import { searchText } from '../../components/checkout/search';
import { useDocumentTitle } from '../../lib/document-title';

export const Route = createFileRoute('/checkout/payment-link-success')({
  validateSearch: z.object({ payment_link_id: searchText }),
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
