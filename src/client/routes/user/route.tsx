import { createFileRoute } from '@tanstack/react-router';
import { MemberLayout } from '../../components/member/MemberLayout';
import { requireRole } from '../../lib/guards';

/** /user/*: members (role user) only; an admin is sent to /admin/dashboard (docs/product/decisions.md §2). */
export const Route = createFileRoute('/user')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireRole(context, 'user', location.href),
  }),
  component: MemberLayout,
});
