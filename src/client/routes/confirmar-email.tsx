import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { VerifyEmailPage } from '../components/auth/VerifyEmailPage';
import { FIELD_LIMITS } from '../../shared/fields/limits';

/** The link of the "Confirme seu email" message: `/confirmar-email?token=…`. */
export const Route = createFileRoute('/confirmar-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, FIELD_LIMITS.linkToken),
  }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
