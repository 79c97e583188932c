import { createFileRoute } from '@tanstack/react-router';
import { FIELD_LIMITS } from '../../shared/fields/limits';
import { searchText } from '../lib/search-params';
import { ForgotPasswordPage } from '../components/auth/ForgotPasswordPage';

export const Route = createFileRoute('/esqueci-senha')({
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({
    email: searchText(search.email, FIELD_LIMITS.email),
  }),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordPage initialEmail={email} />;
}
