import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../components/public/FaqPage';
import { prefetchPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/faq')({
  loader: ({ context }) => prefetchPublicSettings(context),
  component: FaqPage,
});
