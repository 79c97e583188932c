import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin is the dashboard (spec 02 §2). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
