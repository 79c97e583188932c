/**
 * /user/drive "Arquivos" (spec 02 §2 "Shared files page"): the club's public files, with type and
 * search filters and a pager of at most 5 page buttons; each file can be opened or downloaded.
 * Only for memberships in force (ADR 029): anyone else sees how to join or renew instead.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { DRIVE_MSG, DRIVE_PAGE_SIZE, pagerPages } from '../../../shared/drive-schemas';
import { MEMBER_MSG } from '../../../shared/member-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useMemberOverview } from '../member/member-data';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';
import '../../styles/drive.css';
import { DriveCard } from './DriveCard';
import { DriveFilters, type TypeFilter } from './DriveFilters';
import { FilesLocked } from './FilesLocked';
import { useDebounced } from './use-debounced';

const VIEWABLE = new Set(['image', 'pdf', 'video', 'audio']);

export function DriveMemberPage() {
  const overview = useMemberOverview();
  if (overview.isPending) return <PageLoading />;
  if (overview.isError) {
    return (
      <div className="member-stack">
        <Alert>{errorText(overview.error, MEMBER_MSG.loadFailed)}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void overview.refetch()}>
            Tentar novamente
          </Button>
        </div>
      </div>
    );
  }
  if (!overview.data.subscription?.hasAccess) return <FilesLocked overview={overview.data} />;
  return <MemberFiles />;
}

function MemberFiles() {
  const [type, setType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
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
          <ul className="drive-grid" aria-label="Arquivos">
            {data.items.map((item) => (
              <DriveCard
                key={item.id}
                item={item}
                actions={
                  <>
                    {VIEWABLE.has(item.type) && (
                      <a
                        className={buttonClass('secondary', { size: 'sm' })}
                        href={item.url}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Visualizar ${item.name}`}
                      >
                        Visualizar
                      </a>
                    )}
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
          {pages > 1 && (
            <nav className="drive-pager" aria-label="Paginação">
              <button
                type="button"
                className={buttonClass('secondary', { size: 'sm' })}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Anterior
              </button>
              <ul className="drive-pager__pages">
                {pagerPages(page, pages).map((number) => (
                  <li key={number}>
                    <button
                      type="button"
                      className={buttonClass(number === page ? 'primary' : 'ghost', { size: 'sm' })}
                      aria-current={number === page ? 'page' : undefined}
                      aria-label={`Página ${number}`}
                      onClick={() => setPage(number)}
                    >
                      {number}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={buttonClass('secondary', { size: 'sm' })}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Próxima
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
