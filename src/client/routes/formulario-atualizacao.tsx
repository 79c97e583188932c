import { createFileRoute } from '@tanstack/react-router';
import { ProfileUpdatePage } from '../components/profile-update/ProfileUpdatePage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/formulario-atualizacao')({
  loader: ({ context }) => loadPublicSettings(context),
  component: ProfileUpdatePage,
});
