import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../components/public/AboutPage';
import { prefetchPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/sobre-nos')({
  loader: ({ context }) => prefetchPublicSettings(context),
  component: AboutPage,
});
