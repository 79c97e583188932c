/**
 * /user/drive "Arquivos" (docs/product/back-office-and-member-area.md §2 "Shared files page"): the club's public files, with type and
 * search filters and a pager of at most 5 page buttons (a page change brings the list's top into
 * view and focus); each file can be opened or downloaded. A member sees only what members may see,
 * so the cards carry no public / private badge (that one is for the admin's drive).
 * Only for memberships in force (ADR 029): anyone else sees how to join or renew instead.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DRIVE_MSG, DRIVE_PAGE_SIZE, pagerPages } from '../../../shared/drive-schemas';
import { trpc } from '../../lib/trpc';
import { useMemberOverview } from '../member/member-data';
import { OverviewPending } from '../member/MemberGate';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { Pager } from '../ui/DataTable';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';
import '../../styles/drive.css';
import { DriveCard, OpenInNewTab } from './DriveCard';
import { DriveFilters, type TypeFilter } from './DriveFilters';
import { FilesLocked } from './FilesLocked';
import { useDebounced } from '../../lib/use-debounced';

const VIEWABLE = new Set(['image', 'pdf', 'video', 'audio']);

export function DriveMemberPage() {
  const overview = useMemberOverview();
  if (overview.isPending || overview.isError) return <OverviewPending overview={overview} />;
  if (!overview.data.subscription?.hasAccess) return <FilesLocked overview={overview.data} />;
  return <MemberFiles />;
}

function MemberFiles() {
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLUListElement>(null);
  const debouncedSearch = useDebounced(search.trim());
  const list = trpc.drive.listPublic.useQuery(
    { page, limit: DRIVE_PAGE_SIZE, type, search: debouncedSearch },
    { placeholderData: keepPreviousData },
  );
  const data = list.data;
  const pages = data?.pagination.pages ?? 1;

  return (
    <div className="drive">
      <DriveFilters
        type={type}
        search={search}
        onType={(value) => {
          setType(value);
          setPage(1);
        }}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {list.isError && (
        <Alert>
          {DRIVE_MSG.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Tentar novamente
          </button>
        </Alert>
      )}
      {list.isPending && <PageLoading label="Carregando arquivos..." />}
      {data && data.items.length === 0 && <EmptyState>Nenhum arquivo disponível.</EmptyState>}
      {data && data.items.length > 0 && (
        <>
          <ul className="drive-grid" aria-label="Arquivos" ref={listRef} tabIndex={-1}>
            {data.items.map((item) => (
              <DriveCard
                key={item.id}
                item={item}
                actions={
                  <>
                    {VIEWABLE.has(item.type) && <OpenInNewTab item={item} verb="Visualizar" />}
                    <a
                      className={buttonClass('primary', { size: 'sm' })}
                      href={item.url}
                      download
                      aria-label={`Baixar ${item.name}`}
                    >
                      Baixar
                    </a>
                  </>
                }
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            numbered={pagerPages(page, pages)}
            listRef={listRef}
          />
        </>
      )}
    </div>
  );
}
