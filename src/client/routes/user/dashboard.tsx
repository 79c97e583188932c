import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../components/member/DashboardPage';

export const Route = createFileRoute('/user/dashboard')({
  component: DashboardPage,
});
