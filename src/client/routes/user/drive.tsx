import { createFileRoute } from '@tanstack/react-router';
import { DriveMemberPage } from '../../components/drive/DriveMemberPage';
import { MemberSection } from '../../components/member/MemberSection';

export const Route = createFileRoute('/user/drive')({
  component: () => (
    <MemberSection title="Arquivos">
      <DriveMemberPage />
    </MemberSection>
  ),
});
