import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedPage } from '../components/status/AccessDeniedPage';

export const Route = createFileRoute('/403')({
  component: AccessDeniedPage,
});
