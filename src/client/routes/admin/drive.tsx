import { createFileRoute } from '@tanstack/react-router';
import { DriveAdminPage } from '../../components/drive/DriveAdminPage';

/** The section's name is the layout header's h1 ("Drive"); the page starts at h2. */
export const Route = createFileRoute('/admin/drive')({
  component: DriveAdminPage,
});
