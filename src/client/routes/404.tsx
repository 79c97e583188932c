import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/status/NotFoundPage';

export const Route = createFileRoute('/404')({
  component: NotFoundPage,
});
