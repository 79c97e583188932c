import { createFileRoute } from '@tanstack/react-router';
import { ReferralsPage } from '../../components/member/ReferralsPage';

export const Route = createFileRoute('/user/referrals')({
  component: ReferralsPage,
});
