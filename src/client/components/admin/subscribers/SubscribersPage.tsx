/**
 * The back office's subscribers screen (docs/product/back-office-and-member-area.md §2–§5): filters (status, search), sort,
 * a table that becomes cards on a phone, pages of 10, the create / edit / view modal, delete with
 * CONFIRMAR, and the CSV export and import.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../../../shared/format';
import {
  RENEWAL_FILTER_LABELS,
  RENEWAL_FILTERS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
} from '../../../../shared/plans';
import {
  SUBSCRIBER_MSG,
  SUBSCRIBER_PAGE_SIZE,
  type SubscriberRecord,
} from '../../../../shared/subscriber-schemas';
import type { SubscriberSort } from '../../../../shared/list-choices';
import { nextListSearch, type SubscriberSearch } from '../../../lib/list-search';
import { trpc } from '../../../lib/trpc';
import { ActiveFilter } from '../../ui/ActiveFilter';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { BreakableEmail, DataTable, type Column } from '../../ui/DataTable';
import { FilterSelectField } from '../../ui/FilterSelectField';
import { SearchField } from '../../ui/SearchField';
import { useSearchBox } from '../../ui/use-search-box';
import { BulkApproveBar, selectColumn, useSelection } from './BulkApprove';
import { DeleteSubscriberDialog } from './DeleteSubscriberDialog';
import { ListMessageDialog } from './ListMessageDialog';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/TextField';
import { ImportDialog } from './ImportDialog';
import { formatPhone } from './subscriber-form-values';
import { StatusBadge } from './StatusBadge';
import { SubscriberDetails } from './SubscriberDetails';
import { SubscriberForm } from './SubscriberForm';
import '../../../styles/admin-subscribers.css';

const SORTS: Record<SubscriberSort, string> = {
  createdAt: 'Data de cadastro',
  fullName: 'Nome',
  status: 'Status',
  subscriptionPrice: 'Valor',
  subscriptionEndDate: 'Vencimento',
};

type Modal =
  { mode: 'create' } | { mode: 'edit'; record: SubscriberRecord } | { mode: 'view'; id: string } | null;

/** A new address for the list: given whole, or computed from the address as it is when applied. */
export type SubscribersNavigate = (
  next: SubscriberSearch | ((current: SubscriberSearch) => SubscriberSearch),
  options?: { replace?: boolean },
) => void;

/** The list's filters, sort, page and open record come from the address (ADR 034). */
export function SubscribersPage({
  search: params,
  navigate,
}: {
  search: SubscriberSearch;
  navigate: SubscribersNavigate;
}) {
  const status = params.status ?? 'all';
  const sortBy = params.sortBy ?? 'createdAt';
  const sortOrder = params.sortOrder ?? 'desc';
  const page = params.page ?? 1;
  const update = (change: Partial<SubscriberSearch>, options?: { replace?: boolean }) =>
    // From the address as it is when applied, not as this render saw it: a search that settles
    // while a record is being opened or closed must not bring back an older `view`.
    navigate((current) => nextListSearch(current, change), options);
  const [searchText, setSearchText] = useSearchBox(params.search ?? '', (text) =>
    update({ search: text }, { replace: true }),
  );
  const [includeCpf, setIncludeCpf] = useState(false);
  // Create and edit are this screen's own; the record being viewed is in the address. While the
  // address catches up, the modal shown stays open (never closed in between, which would end it).
  const [editing, setEditing] = useState<Modal>(null);
  const modal: Modal = params.view ? { mode: 'view', id: params.view } : editing;
  const [seenView, setSeenView] = useState(params.view);
  if (params.view !== seenView) {
    setSeenView(params.view);
    // A record opened in the address replaces the form; one leaving it does not touch the form.
    if (params.view) setEditing(null);
  }
  const withoutView = (current: SubscriberSearch) =>
    nextListSearch(current, { view: undefined, page: current.page });
  const setModal = (next: Modal) => {
    if (next?.mode === 'view') {
      if (params.view !== next.id) navigate((current) => ({ ...current, view: next.id }));
      return;
    }
    setEditing(next);
    if (params.view) navigate(withoutView, { replace: next !== null });
  };
  const [deleting, setDeleting] = useState<SubscriberRecord | null>(null);
  const [importing, setImporting] = useState(false);
  // The approval queue's rows can be ticked and approved together (ADR 046).
  const selection = useSelection();
  const [messaging, setMessaging] = useState(false);
  const queue = status === 'pending';

  const list = trpc.subscribers.list.useQuery(
    {
      status,
      search: params.search ?? '',
      sortBy,
      sortOrder,
      page,
      limit: SUBSCRIBER_PAGE_SIZE,
      endingWithinDays: params.endingWithinDays,
      expiredWithinDays: params.expiredWithinDays,
      renewal: params.renewal,
    },
    { placeholderData: keepPreviousData },
  );

  const exportQuery = new URLSearchParams({
    status,
    search: params.search ?? '',
    ...(params.endingWithinDays !== undefined ? { endingWithinDays: String(params.endingWithinDays) } : {}),
    ...(params.expiredWithinDays !== undefined
      ? { expiredWithinDays: String(params.expiredWithinDays) }
      : {}),
    ...(params.renewal !== undefined ? { renewal: params.renewal } : {}),
    ...(includeCpf ? { includeCpf: 'true' } : {}),
  }).toString();

  const pages = list.data?.pagination.pages ?? 1;
  const total = list.data?.pagination.total ?? 0;
  const columns: Column<SubscriberRecord>[] = [
    ...(queue ? [selectColumn(selection)] : []),
    {
      key: 'name',
      header: 'Nome',
      sortKey: 'fullName',
      rowHeader: true,
      cell: (subscriber) => (
        <button
          type="button"
          className="link-button sub-table__name"
          onClick={() => setModal({ mode: 'view', id: subscriber.id })}
        >
          {subscriber.fullName}
        </button>
      ),
    },
    {
      key: 'contact',
      header: 'Contato',
      className: 'sub-table__contact',
      cell: (subscriber) => (
        <>
          <BreakableEmail email={subscriber.email} className="sub-table__email" />
          <span className="sub-table__phone">{formatPhone(subscriber.phone)}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (subscriber) => <StatusBadge status={subscriber.status} />,
    },
    {
      key: 'price',
      header: 'Valor',
      sortKey: 'subscriptionPrice',
      numeric: true,
      cell: (subscriber) => formatMoney(subscriber.subscriptionPrice),
    },
    {
      key: 'end',
      header: 'Vencimento',
      sortKey: 'subscriptionEndDate',
      cell: (subscriber) =>
        subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '—',
    },
    {
      key: 'created',
      header: 'Cadastro',
      sortKey: 'createdAt',
      cell: (subscriber) => formatDate(subscriber.createdAt),
    },
    {
      key: 'actions',
      header: 'Ações',
      headerHidden: true,
      className: 'sub-table__actions',
      cell: (subscriber) => (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Ver ${subscriber.fullName}`}
            onClick={() => setModal({ mode: 'view', id: subscriber.id })}
          >
            Ver
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Editar ${subscriber.fullName}`}
            onClick={() => setModal({ mode: 'edit', record: subscriber })}
          >
            Editar
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            aria-label={`Excluir ${subscriber.fullName}`}
            onClick={() => setDeleting(subscriber)}
          >
            Excluir
          </Button>
        </>
      ),
    },
  ];

  return (
    <div className="subs">
      <div className="subs__toolbar">
        <h2 className="subs__title">Cadastro de assinantes</h2>
        <div className="subs__toolbar-actions">
          <Button onClick={() => setModal({ mode: 'create' })}>Novo assinante</Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Importar CSV
          </Button>
          <Button variant="secondary" onClick={() => setMessaging(true)}>
            Enviar mensagem
          </Button>
        </div>
      </div>

      <form
        className="subs__filters"
        role="search"
        aria-label="Filtrar assinantes"
        onSubmit={(e) => e.preventDefault()}
      >
        <SearchField placeholder="Nome, email, telefone ou CPF" value={searchText} onSearch={setSearchText} />
        <FilterSelectField
          label="Status"
          value={params.status}
          values={SUBSCRIBER_STATUSES}
          labels={SUBSCRIBER_STATUS_LABELS}
          onFilter={(status) => update({ status })}
        />
        <FilterSelectField
          label="Renovação"
          value={params.renewal}
          values={RENEWAL_FILTERS}
          labels={RENEWAL_FILTER_LABELS}
          allLabel="Todas"
          onFilter={(renewal) => update({ renewal })}
        />
        <SelectField
          label="Ordenar por"
          value={sortBy}
          onChange={(event) => update({ sortBy: event.target.value as SubscriberSort })}
        >
          {Object.entries(SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Ordem"
          value={sortOrder}
          onChange={(event) => update({ sortOrder: event.target.value as 'asc' | 'desc' })}
        >
          <option value="desc">Decrescente</option>
          <option value="asc">Crescente</option>
        </SelectField>
      </form>

      <div className="subs__export">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={includeCpf}
            onChange={(event) => setIncludeCpf(event.target.checked)}
          />
          <span>incluir CPF completo</span>
        </label>
        <a
          className={buttonClass('secondary', { size: 'sm' })}
          href={`/api/admin/subscribers/export.csv?${exportQuery}`}
          download
        >
          Exportar CSV
        </a>
      </div>

      {params.endingWithinDays !== undefined && (
        <ActiveFilter clearLabel="Mostrar todas" onClear={() => update({ endingWithinDays: undefined })}>
          Assinaturas ativas que vencem em até {params.endingWithinDays} dias.
        </ActiveFilter>
      )}
      {params.expiredWithinDays !== undefined && (
        <ActiveFilter clearLabel="Mostrar todos" onClear={() => update({ expiredWithinDays: undefined })}>
          Assinaturas que expiraram nos últimos {params.expiredWithinDays} dias sem renovação.
        </ActiveFilter>
      )}

      {queue && list.data && <BulkApproveBar selection={selection} pageRows={list.data.subscribers} />}

      {list.isError ? (
        <Alert>
          {SUBSCRIBER_MSG.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Tentar novamente
          </button>
        </Alert>
      ) : (
        <DataTable
          caption={`Assinantes: ${total} no total`}
          columns={columns}
          rows={list.data?.subscribers}
          rowKey={(subscriber) => subscriber.id}
          loading={list.isPending}
          loadingLabel="Carregando assinantes..."
          busy={list.isFetching}
          empty="Nenhum assinante encontrado."
          sort={{
            by: sortBy,
            order: sortOrder,
            onSort: (by, order) => update({ sortBy: by as SubscriberSort, sortOrder: order }),
          }}
          pagination={{
            page,
            pages,
            onPage: (next) => update({ page: next }),
            summary: `${total} assinante${total === 1 ? '' : 's'}`,
          }}
          pagerLabel="Páginas de assinantes"
        />
      )}

      <Dialog
        open={modal !== null}
        onClose={() => setModal(null)}
        size="lg"
        title={
          modal?.mode === 'create'
            ? 'Novo assinante'
            : modal?.mode === 'edit'
              ? 'Editar assinante'
              : 'Assinante'
        }
      >
        {modal?.mode === 'create' && (
          <SubscriberForm
            mode="create"
            onCancel={() => setModal(null)}
            onSaved={(record) => setModal({ mode: 'view', id: record.id })}
          />
        )}
        {modal?.mode === 'edit' && (
          <SubscriberForm
            key={modal.record.id}
            mode="edit"
            subscriber={modal.record}
            onCancel={() => setModal({ mode: 'view', id: modal.record.id })}
            onSaved={(record) => setModal({ mode: 'view', id: record.id })}
          />
        )}
        {modal?.mode === 'view' && (
          <SubscriberDetails
            id={modal.id}
            onEdit={(record) => setModal({ mode: 'edit', record })}
            onDelete={(record) => setDeleting(record)}
          />
        )}
      </Dialog>

      <DeleteSubscriberDialog
        subscriber={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setModal(null);
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <ListMessageDialog
        open={messaging}
        onClose={() => setMessaging(false)}
        filter={{
          status,
          search: params.search ?? '',
          sortBy,
          sortOrder,
          endingWithinDays: params.endingWithinDays,
          expiredWithinDays: params.expiredWithinDays,
          renewal: params.renewal,
        }}
      />
    </div>
  );
}
