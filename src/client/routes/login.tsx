import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../components/auth/LoginPage';
import { redirectIfAuthenticated } from '../lib/guards';

/** `redirect`: the page that sent the visitor here (checked by `safeReturnPath` before it is followed). */
export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search }) => redirectIfAuthenticated(context, search.redirect),
  component: LoginPage,
});
