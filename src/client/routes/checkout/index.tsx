import { createFileRoute } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkCheckout } from '../../components/checkout/PaymentLinkCheckout';
import { searchCents, searchText } from '../../lib/search-params';
import { DocumentTitle } from '../../lib/document-title';

/** `amount` is accepted (the landing sends it) but never trusted: the server decides the price. */
const checkoutSearch = (
  search: Record<string, unknown>,
): { name?: string; email?: string; amount?: number; ref?: string } => ({
  name: searchText(search.name),
  email: searchText(search.email),
  amount: searchCents(search.amount),
  ref: searchText(search.ref),
});

export const Route = createFileRoute('/checkout/')({
  validateSearch: checkoutSearch,
  // One form, sent through tRPC by loading the data layer then (ADR 055): the page opens without it;
  // its settings (price, club's name) are its loader's data.
  staticData: { withoutDataLayer: true },
  loader: async ({ context }) => (await context.dataLayer.load()).trpc.settings.public.ensureData(),
  component: CheckoutPage,
});

function CheckoutPage() {
  const search = Route.useSearch();
  const settings = Route.useLoaderData();
  return (
    <CheckoutShell>
      <DocumentTitle title={'Assinatura'} />
      <PaymentLinkCheckout query={search} priceCents={settings.priceAnnual} />
    </CheckoutShell>
  );
}
