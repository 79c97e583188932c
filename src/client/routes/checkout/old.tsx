import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { InPageCheckout } from '../../components/checkout/InPageCheckout';
import { searchCents, searchText } from '../../components/checkout/search';
import { useDocumentTitle } from '../../lib/document-title';

const oldCheckoutSearch = z.object({
  name: searchText,
  email: searchText,
  amount: searchCents,
  paymentId: searchText,
});

export const Route = createFileRoute('/checkout/old')({
  validateSearch: oldCheckoutSearch,
  component: OldCheckoutPage,
});

function OldCheckoutPage() {
  useDocumentTitle('Pagamento');
  const search = Route.useSearch();
  return (
    <CheckoutShell>
      <InPageCheckout query={search} />
    </CheckoutShell>
  );
}
