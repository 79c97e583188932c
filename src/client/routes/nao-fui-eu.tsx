import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { NotMePage } from '../components/auth/NotMePage';

/** The link of every security notice: `/nao-fui-eu?token=…` (ADR 027). */
export const Route = createFileRoute('/nao-fui-eu')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, 200),
  }),
  component: NotMeRoute,
});

function NotMeRoute() {
  const { token } = Route.useSearch();
  return <NotMePage token={token} />;
}
