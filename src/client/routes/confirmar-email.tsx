import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { VerifyEmailPage } from '../components/auth/VerifyEmailPage';

/** The link of the "Confirme seu email" message: `/confirmar-email?token=…`. */
export const Route = createFileRoute('/confirmar-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, 200),
  }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
