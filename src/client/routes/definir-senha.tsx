import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { SetPasswordPage } from '../components/auth/SetPasswordPage';
import { FIELD_LIMITS } from '../../shared/fields/limits';

/** The one-time set-password link (docs/product/decisions.md §2): `/definir-senha?token=…`. */
export const Route = createFileRoute('/definir-senha')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, FIELD_LIMITS.linkToken),
  }),
  component: SetPasswordRoute,
});

function SetPasswordRoute() {
  const { token } = Route.useSearch();
  return <SetPasswordPage token={token} />;
}
