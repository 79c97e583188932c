import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../components/member/ProfilePage';

export const Route = createFileRoute('/user/profile')({
  component: ProfilePage,
});
