import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../components/admin/dashboard/AdminDashboard';

/** The back office's home (docs/product/back-office-and-member-area.md §2); `/admin` redirects here. */
export const Route = createFileRoute('/admin/dashboard')({
  component: AdminDashboard,
});
