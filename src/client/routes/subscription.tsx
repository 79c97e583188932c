import { createFileRoute, redirect } from '@tanstack/react-router';

/** Alias of /user/subscription (spec 01 §6); the member area's guard sends others where they belong. */
export const Route = createFileRoute('/subscription')({
  beforeLoad: () => {
    throw redirect({ to: '/user/subscription', replace: true });
  },
});
