import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../components/public/FaqPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/faq')({
  loader: ({ context }) => loadPublicSettings(context),
  component: FaqPage,
});
