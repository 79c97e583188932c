import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../components/public/AboutPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/sobre-nos')({
  loader: ({ context }) => loadPublicSettings(context),
  component: AboutPage,
});
