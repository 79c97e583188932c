import { createFileRoute } from '@tanstack/react-router';
import { MemberSection } from '../../components/member/MemberSection';

export const Route = createFileRoute('/user/profile')({
  component: () => <MemberSection title="Meu Perfil" />,
});
