import { createFileRoute, redirect } from '@tanstack/react-router';

/** /user is the member dashboard (docs/product/back-office-and-member-area.md §2). */
export const Route = createFileRoute('/user/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/dashboard', replace: true });
  },
});
