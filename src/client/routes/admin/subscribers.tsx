import { createFileRoute } from '@tanstack/react-router';
import { SubscribersPage } from '../../components/admin/subscribers/SubscribersPage';

/** The back office's subscribers (issue 10); the page is its own chunk (route code splitting). */
export const Route = createFileRoute('/admin/subscribers')({
  component: SubscribersPage,
});
