import { createFileRoute, redirect } from '@tanstack/react-router';
import { LandingPage } from '../components/public/LandingPage';
import { loadPublicSettings } from '../components/public/settings-loader';
import { redirectIfAuthenticated } from '../lib/guards';

/**
 * `/` is the landing the server renders from this route without the app (ADR 040: not hydrated, it
 * loads the landing's small script), not a page of the app: the server also sends a signed-in
 * person to their home (docs/product/decisions.md §2). So navigations inside the app (logo,
 * "Voltar ao início") load it as a new document.
 *
 * The route renders the landing on the server, and in the browser only when this document itself
 * was opened at / — the development server, or a build without the renderer, where the server
 * answers / with the app — checking the session itself.
 */
const openedAtLanding = typeof window === 'undefined' || window.location.pathname === '/';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    if (!openedAtLanding) throw redirect({ href: '/', reloadDocument: true, replace: true });
    // A signed-in person goes home; a failed session check (offline) still shows the page.
    await redirectIfAuthenticated(context);
  },
  loader: ({ context }) => loadPublicSettings(context),
  component: LandingPage,
});
