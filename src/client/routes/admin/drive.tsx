import { createFileRoute } from '@tanstack/react-router';
import { DriveAdminPage } from '../../components/drive/DriveAdminPage';
import { driveSearch } from '../../lib/list-search';

/**
 * The section's name is the layout header's h1 ("Drive"); the page starts at h2.
 * `?type=&search=&isPublic=&page=` keep the list (ADR 034).
 */
export const Route = createFileRoute('/admin/drive')({
  validateSearch: driveSearch,
  component: DriveRoute,
});

function DriveRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DriveAdminPage
      search={search}
      navigate={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
