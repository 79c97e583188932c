import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../components/public/ContactPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/contato')({
  loader: ({ context }) => loadPublicSettings(context),
  component: ContactPage,
});
