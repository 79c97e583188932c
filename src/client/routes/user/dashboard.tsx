import { createFileRoute } from '@tanstack/react-router';
import { MemberSection } from '../../components/member/MemberSection';

export const Route = createFileRoute('/user/dashboard')({
  component: () => <MemberSection title="Dashboard" />,
});
