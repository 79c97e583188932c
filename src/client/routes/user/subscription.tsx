import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '../../components/member/SubscriptionPage';

export const Route = createFileRoute('/user/subscription')({
  component: SubscriptionPage,
});
