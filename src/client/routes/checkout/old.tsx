import { createFileRoute } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { InPageCheckout } from '../../components/checkout/InPageCheckout';
import { loadPublicSettings } from '../../components/public/settings-loader';
import { searchCents, searchText } from '../../lib/search-params';
import { DocumentTitle } from '../../lib/document-title';

const oldCheckoutSearch = (
  search: Record<string, unknown>,
): { name?: string; email?: string; amount?: number; paymentId?: string } => ({
  name: searchText(search.name),
  email: searchText(search.email),
  amount: searchCents(search.amount),
  paymentId: searchText(search.paymentId),
});

export const Route = createFileRoute('/checkout/old')({
  validateSearch: oldCheckoutSearch,
  // Where the card is tokenized comes with the public settings (card-tokenizer.ts).
  loader: ({ context }) => loadPublicSettings(context),
  component: OldCheckoutPage,
});

function OldCheckoutPage() {
  const search = Route.useSearch();
  return (
    <CheckoutShell>
      <DocumentTitle title={'Pagamento'} />
      <InPageCheckout query={search} />
    </CheckoutShell>
  );
}
