/**
 * /admin/lgpd "LGPD" (ADR 029): the members' deletion requests to complete within their legal
 * deadline, and the activity log of what was done with people's data. Filters and pages live in
 * the URL, so a reload or the back button keeps them.
 */
import type { DeletionRequestFilter } from '../../../../shared/privacy-schemas';
import '../../../styles/admin-messaging.css';
import '../../../styles/admin-privacy.css';
import { ActivityLogPanel } from './ActivityLogPanel';
import { DeletionRequestsPanel } from './DeletionRequestsPanel';

export interface PrivacySearch {
  status?: DeletionRequestFilter;
  page?: number;
  logPage?: number;
}

export function PrivacyPage({
  search,
  navigate,
}: {
  search: PrivacySearch;
  navigate: (next: PrivacySearch) => void;
}) {
  return (
    <div className="adm-stack">
      <DeletionRequestsPanel
        status={search.status ?? 'open'}
        page={search.page ?? 1}
        onChange={(next) => navigate({ ...search, ...next })}
      />
      <ActivityLogPanel page={search.logPage ?? 1} onPage={(logPage) => navigate({ ...search, logPage })} />
    </div>
  );
}
