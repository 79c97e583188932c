import { createFileRoute, redirect } from '@tanstack/react-router';

/** Alias of /user/referrals (docs/product/public-site-and-checkout.md §6); the member area's guard sends others where they belong. */
export const Route = createFileRoute('/referrals')({
  beforeLoad: () => {
    throw redirect({ to: '/user/referrals', replace: true });
  },
});
