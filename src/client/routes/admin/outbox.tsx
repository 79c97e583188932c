import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../components/admin/messaging/OutboxPage';

/** The section's name is the layout header's h1; the page starts at h2. */
export const Route = createFileRoute('/admin/outbox')({
  component: OutboxPage,
});
