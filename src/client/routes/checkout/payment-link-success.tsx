import { createFileRoute } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { PaymentLinkTracking } from '../../components/checkout/PaymentLinkTracking';
import { PUBLIC_SETTINGS_STALE_MS } from '../../components/public/settings-loader';
import { searchText } from '../../lib/search-params';
import { DocumentTitle } from '../../lib/document-title';

export const Route = createFileRoute('/checkout/payment-link-success')({
  validateSearch: (search: Record<string, unknown>): { payment_link_id?: string } => ({
    payment_link_id: searchText(search.payment_link_id),
  }),
  // The club's name in the shell's bar (CheckoutShell reads the loader's data); without the settings
  // the bar keeps the default name, as it did while they were on their way.
  loader: async ({ context }) =>
    (await context.dataLayer.load()).trpc.settings.public
      .ensureData(undefined, { staleTime: PUBLIC_SETTINGS_STALE_MS })
      .catch(() => undefined),
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
