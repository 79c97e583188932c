import { createFileRoute } from '@tanstack/react-router';
import { WhatsAppPage } from '../../components/admin/messaging/WhatsAppPage';

/** The section's name is the layout header's h1; the page starts at h2. */
export const Route = createFileRoute('/admin/whatsapp')({
  component: WhatsAppPage,
});
