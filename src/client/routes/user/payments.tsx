import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../components/member/PaymentsPage';

export const Route = createFileRoute('/user/payments')({
  component: PaymentsPage,
});
