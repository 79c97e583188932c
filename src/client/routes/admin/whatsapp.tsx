import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/EmptyState';

/** The section's name is the layout header's h1; content comes with its feature. */
export const Route = createFileRoute('/admin/whatsapp')({
  component: EmptyState,
});
