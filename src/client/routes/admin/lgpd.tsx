import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage, type PrivacySearch } from '../../components/admin/privacy/PrivacyPage';

const FILTERS = ['open', 'completed', 'all'] as const;
const pageOf = (value: unknown) => {
  const page = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(page) && page > 1 ? page : undefined;
};

/** The section's name is the layout header's h1 ("LGPD"); `?status=&page=&logPage=` keep the lists. */
export const Route = createFileRoute('/admin/lgpd')({
  validateSearch: (search: Record<string, unknown>): PrivacySearch => ({
    status: FILTERS.find((filter) => filter === search.status),
    page: pageOf(search.page),
    logPage: pageOf(search.logPage),
  }),
  component: PrivacyRoute,
});

function PrivacyRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PrivacyPage search={search} navigate={(next) => void navigate({ search: next })} />;
}
