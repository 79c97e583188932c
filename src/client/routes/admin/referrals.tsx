import { createFileRoute } from '@tanstack/react-router';
import { AdminReferralsPage } from '../../components/admin/AdminReferralsPage';

/** The section's name is the layout header's h1 ("Indicações"). */
export const Route = createFileRoute('/admin/referrals')({
  component: AdminReferralsPage,
});
