import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../components/public/ContactPage';
import { loadPublicSettings } from '../components/public/settings-loader';

export const Route = createFileRoute('/contato')({
  // One form, sent through tRPC by loading the data layer then (ADR 055): the page opens without it.
  staticData: { withoutDataLayer: true },
  loader: ({ context }) => loadPublicSettings(context),
  component: ContactPage,
});
