import { createFileRoute, redirect } from '@tanstack/react-router';

/** Alias of /user/dashboard (docs/product/public-site-and-checkout.md §6); the member area's guard sends others where they belong. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/user/dashboard', replace: true });
  },
});
