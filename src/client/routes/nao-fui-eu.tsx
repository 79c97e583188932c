import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { NotMePage } from '../components/auth/NotMePage';
import { FIELD_LIMITS } from '../../shared/fields/limits';

/** The link of every security notice: `/nao-fui-eu?token=…` (ADR 027). */
export const Route = createFileRoute('/nao-fui-eu')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, FIELD_LIMITS.linkToken),
  }),
  component: NotMeRoute,
});

function NotMeRoute() {
  const { token } = Route.useSearch();
  return <NotMePage token={token} />;
}
