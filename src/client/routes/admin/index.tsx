import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin is the dashboard (docs/product/back-office-and-member-area.md §2). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
