import { createFileRoute } from '@tanstack/react-router';
import { prefetchPublicSettings } from '../components/public/settings-loader';
import { TestApiPage } from '../components/public/TestApiPage';

export const Route = createFileRoute('/test-api')({
  loader: ({ context }) => prefetchPublicSettings(context),
  component: TestApiPage,
});
