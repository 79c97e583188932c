import { createFileRoute, redirect } from '@tanstack/react-router';
import { CheckoutShell } from '../../components/checkout/CheckoutShell';
import { CheckoutSuccess } from '../../components/checkout/CheckoutSuccess';
import { readSuccessState } from '../../components/checkout/success-state';
import { DocumentTitle } from '../../lib/document-title';

/** Reached only with router state from /checkout/old; anything else goes home (docs/product/public-site-and-checkout.md §2). */
export const Route = createFileRoute('/checkout/success')({
  beforeLoad: ({ location }) => {
    const purchase = readSuccessState(location.state.checkoutSuccess);
    if (!purchase) throw redirect({ to: '/', replace: true });
    return { purchase };
  },
  // The receipt's contacts (WhatsApp, e-mail) come from the settings, like /checkout's price.
  loader: async ({ context }) => (await context.dataLayer.load()).trpc.settings.public.ensureData(),
  component: SuccessPage,
});

function SuccessPage() {
  const { purchase } = Route.useRouteContext();
  return (
    <CheckoutShell narrow>
      <DocumentTitle title={'Pagamento Confirmado'} />
      <CheckoutSuccess purchase={purchase} />
    </CheckoutShell>
  );
}
