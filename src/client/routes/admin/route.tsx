import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../components/admin/AdminLayout';
import { requireRole } from '../../lib/guards';

/** /admin/*: admins only; anyone else is sent home (docs/product/decisions.md §2). The layout is its own chunk. */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => ({
    user: await requireRole(context, 'admin', location.href),
  }),
  component: AdminLayout,
});
