import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../lib/search-params';
import { ConfirmEmailChangePage } from '../components/auth/ConfirmEmailChangePage';
import { FIELD_LIMITS } from '../../shared/fields/limits';

/** The link of the "Confirme seu novo email" message: `/confirmar-novo-email?token=…` (ADR 027). */
export const Route = createFileRoute('/confirmar-novo-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: searchText(search.token, FIELD_LIMITS.linkToken),
  }),
  component: ConfirmEmailChangeRoute,
});

function ConfirmEmailChangeRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailChangePage token={token} />;
}
