import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../components/public/ContactPage';
import { prefetchPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/contato')({
  loader: ({ context }) => prefetchPublicSettings(context),
  component: ContactPage,
});
