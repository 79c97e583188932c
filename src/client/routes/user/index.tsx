import { createFileRoute, redirect } from '@tanstack/react-router';

/** /user is the member dashboard (spec 02 §2). */
export const Route = createFileRoute('/user/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/dashboard', replace: true });
  },
});
