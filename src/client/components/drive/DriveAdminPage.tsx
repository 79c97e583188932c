/**
 * /admin/drive (docs/product/back-office-and-member-area.md §2 "Admin drive management"): a card grid of every file with filters
 * (type, search, public or private) and pages of 20; upload, edit and delete (after confirming).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DRIVE_MSG, DRIVE_PAGE_SIZE, type DriveItem } from '../../../shared/drive-schemas';
import { errorText } from '../../lib/errors';
import { nextListSearch, type DriveSearch } from '../../lib/list-search';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Pager } from '../ui/DataTable';
import { Dialog as Modal } from '../ui/Dialog';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';
import '../../styles/drive.css';
import { DriveCard, OpenInNewTab } from './DriveCard';
import { DriveEditDialog } from './DriveEditDialog';
import { DriveFilters, type TypeFilter, type VisibilityFilter } from './DriveFilters';
import { DriveUploadDialog } from './DriveUploadDialog';
import { useSearchBox } from '../ui/use-search-box';

type Dialog =
  { kind: 'upload' } | { kind: 'edit'; item: DriveItem } | { kind: 'delete'; item: DriveItem } | null;

export function DriveAdminPage({
  search: params,
  navigate,
}: {
  search: DriveSearch;
  navigate: (next: DriveSearch, options?: { replace?: boolean }) => void;
}) {
  const type: TypeFilter = params.type ?? 'all';
  const visibility: VisibilityFilter = params.isPublic ?? 'all';
  const page = params.page ?? 1;
  const update = (change: Partial<DriveSearch>, options?: { replace?: boolean }) =>
    navigate(nextListSearch(params, change), options);
  const setPage = (next: number) => update({ page: next });
  const [search, setSearch] = useSearchBox(params.search ?? '', (text) =>
    update({ search: text }, { replace: true }),
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.drive.list.useQuery(
    { page, limit: DRIVE_PAGE_SIZE, type, search: params.search ?? '', isPublic: visibility },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.drive.remove.useMutation();
  const listRef = useRef<HTMLUListElement>(null);

  const refresh = () => utils.drive.list.invalidate();

  async function confirmDelete(item: DriveItem) {
    try {
      await remove.mutateAsync({ id: item.id });
      setNotice({ tone: 'success', text: DRIVE_MSG.deleted });
      setDialog(null);
      // The last item of a page gone: show the page before.
      if (list.data && list.data.items.length === 1 && page > 1) setPage(page - 1);
      await refresh();
    } catch (error) {
      setDialog(null);
      setNotice({ tone: 'error', text: errorText(error, DRIVE_MSG.deleteFailed) });
    }
  }

  const data = list.data;
  return (
    <section className="drive" aria-labelledby="drive-title">
      <div className="drive__head">
        <h2 id="drive-title">Arquivos do drive</h2>
        <Button onClick={() => setDialog({ kind: 'upload' })}>Enviar arquivo</Button>
      </div>
      <DriveFilters
        type={type}
        search={search}
        visibility={visibility}
        onType={(value) => update({ type: value === 'all' ? undefined : value })}
        onSearch={setSearch}
        onVisibility={(value) => update({ isPublic: value === 'all' ? undefined : value })}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {list.isError && <Alert>{DRIVE_MSG.loadFailed}</Alert>}
      {list.isPending && <PageLoading label="Carregando arquivos..." />}
      {data && data.items.length === 0 && <EmptyState>Nenhum arquivo encontrado.</EmptyState>}
      {data && data.items.length > 0 && (
        <>
          <p className="drive__count" aria-live="polite">
            {data.pagination.total} {data.pagination.total === 1 ? 'arquivo' : 'arquivos'}
          </p>
          <ul className="drive-grid" aria-label="Arquivos" ref={listRef} tabIndex={-1}>
            {data.items.map((item) => (
              <DriveCard
                key={item.id}
                item={item}
                showVisibility
                actions={
                  <>
                    <OpenInNewTab item={item} verb="Abrir" />
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Editar ${item.name}`}
                      onClick={() => setDialog({ kind: 'edit', item })}
                    >
                      Editar
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="drive-card__delete"
                      aria-label={`Excluir ${item.name}`}
                      onClick={() => setDialog({ kind: 'delete', item })}
                    >
                      Excluir
                    </Button>
                  </>
                }
              />
            ))}
          </ul>
          <Pager
            page={page}
            pages={data.pagination.pages}
            onPage={setPage}
            listRef={listRef}
            label="Páginas de arquivos"
          />
        </>
      )}

      <Modal open={dialog?.kind === 'upload'} title="Enviar arquivo" onClose={() => setDialog(null)}>
        <DriveUploadDialog
          maxUploadMb={list.data?.maxUploadMb}
          onClose={() => setDialog(null)}
          onUploaded={() => {
            setNotice(null);
            void refresh();
          }}
        />
      </Modal>
      <Modal open={dialog?.kind === 'edit'} title="Editar arquivo" onClose={() => setDialog(null)}>
        {dialog?.kind === 'edit' && (
          <DriveEditDialog
            item={dialog.item}
            onClose={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              setNotice({ tone: 'success', text: DRIVE_MSG.updated });
              void refresh();
            }}
          />
        )}
      </Modal>
      <Modal open={dialog?.kind === 'delete'} title="Excluir arquivo" onClose={() => setDialog(null)}>
        {dialog?.kind === 'delete' && (
          <div className="drive-form">
            <p>{DRIVE_MSG.deleteConfirm(dialog.item.name)}</p>
            <div className="drive-form__actions">
              <Button variant="ghost" onClick={() => setDialog(null)}>
                Cancelar
              </Button>
              <Button
                loading={remove.isPending}
                loadingLabel="Excluindo..."
                onClick={() => void confirmDelete(dialog.item)}
              >
                Excluir
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
