import { createFileRoute } from '@tanstack/react-router';
import { loadPublicSettings } from '../components/public/settings-loader';
import { TestApiPage } from '../components/public/TestApiPage';

export const Route = createFileRoute('/test-api')({
  loader: ({ context }) => loadPublicSettings(context),
  component: TestApiPage,
});
