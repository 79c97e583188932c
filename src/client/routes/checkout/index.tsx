import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkCheckout } from '../../components/checkout/PaymentLinkCheckout';
import { searchCents, searchText } from '../../components/checkout/search';
import { useDocumentTitle } from '../../lib/document-title';

/** `amount` is accepted (the landing sends it) but never trusted: the server decides the price. */
const checkoutSearch = z.object({
  name: searchText,
  email: searchText,
  amount: searchCents,
  ref: searchText,
});

export const Route = createFileRoute('/checkout/')({
  validateSearch: checkoutSearch,
  loader: ({ context }) => context.trpc.settings.public.ensureData(),
  component: CheckoutPage,
});

function CheckoutPage() {
  useDocumentTitle('Assinatura');
  const search = Route.useSearch();
  const settings = Route.useLoaderData();
  return (
    <CheckoutShell>
      <PaymentLinkCheckout query={search} priceCents={settings.priceAnnual} />
    </CheckoutShell>
  );
}
