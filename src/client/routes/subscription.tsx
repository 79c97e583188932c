import { createFileRoute, redirect } from '@tanstack/react-router';

/** Alias of /user/subscription (docs/product/public-site-and-checkout.md §6); the member area's guard sends others where they belong. */
export const Route = createFileRoute('/subscription')({
  beforeLoad: () => {
    throw redirect({ to: '/user/subscription', replace: true });
  },
});
