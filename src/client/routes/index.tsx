import { createFileRoute, isRedirect } from '@tanstack/react-router';
import { LandingPage } from '../components/public/LandingPage';
import { loadPublicSettings } from '../components/public/settings-loader';
import { redirectIfAuthenticated } from '../lib/guards';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    try {
      await redirectIfAuthenticated(context);
    } catch (error) {
      // A signed-in person goes home (DECISIONS §2); a failed session check (offline) still shows the page.
      if (isRedirect(error)) throw error;
    }
  },
  loader: ({ context }) => loadPublicSettings(context),
  component: LandingPage,
});
