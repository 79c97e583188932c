import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../components/admin/messaging/SettingsPage';

/** The section's name is the layout header's h1; the page starts at h2. */
export const Route = createFileRoute('/admin/settings')({
  component: SettingsPage,
});
