/**
 * The back office's subscribers screen (spec 02 §2–§5, issue 10): filters (status, search), sort,
 * a table that becomes cards on a phone, pages of 10, the create / edit / view modal, delete with
 * CONFIRMAR, and the CSV export and import.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { formatDate, formatMoney } from '../../../../shared/format';
import {
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from '../../../../shared/plans';
import {
  SUBSCRIBER_MSG,
  SUBSCRIBER_PAGE_SIZE,
  type SubscriberRecord,
} from '../../../../shared/subscriber-schemas';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { DeleteSubscriberDialog } from './DeleteSubscriberDialog';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from './fields';
import { ImportDialog } from './ImportDialog';
import { formatPhone } from './subscriber-form-values';
import { StatusBadge } from './StatusBadge';
import { SubscriberDetails } from './SubscriberDetails';
import { SubscriberForm } from './SubscriberForm';
import '../../../styles/admin-subscribers.css';

type SortBy = 'createdAt' | 'fullName' | 'status' | 'subscriptionPrice';
const SORTS: Record<SortBy, string> = {
  createdAt: 'Data de cadastro',
  fullName: 'Nome',
  status: 'Status',
  subscriptionPrice: 'Valor',
};

type Modal =
  { mode: 'create' } | { mode: 'edit'; record: SubscriberRecord } | { mode: 'view'; id: string } | null;

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function SubscribersPage() {
  const [status, setStatus] = useState<'all' | SubscriberStatus>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DELAY_MS);
  const [sortBy, setSortBy] = useState<SortBy>('createdAt');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [includeCpf, setIncludeCpf] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState<SubscriberRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const captionId = useId();

  // The page belongs to the filters it was chosen with: new filters start from the first page.
  const filterKey = JSON.stringify([status, search, sortBy, sortOrder]);
  const [pageOf, setPageOf] = useState({ filterKey, page: 1 });
  const page = pageOf.filterKey === filterKey ? pageOf.page : 1;
  const setPage = (next: number) => setPageOf({ filterKey, page: next });

  const list = trpc.subscribers.list.useQuery(
    { status, search, sortBy, sortOrder, page, limit: SUBSCRIBER_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );

  const exportQuery = new URLSearchParams({
    status,
    search,
    ...(includeCpf ? { includeCpf: 'true' } : {}),
  }).toString();

  const pages = list.data?.pagination.pages ?? 1;
  const total = list.data?.pagination.total ?? 0;

  return (
    <div className="subs">
      <div className="subs__toolbar">
        <h2 className="subs__title">Cadastro de assinantes</h2>
        <div className="subs__toolbar-actions">
          <Button onClick={() => setModal({ mode: 'create' })}>Novo assinante</Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Importar CSV
          </Button>
        </div>
      </div>

      <form
        className="subs__filters"
        role="search"
        aria-label="Filtrar assinantes"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="Buscar"
          type="search"
          placeholder="Nome, email, telefone ou CPF"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as 'all' | SubscriberStatus)}
        >
          <option value="all">Todos</option>
          {SUBSCRIBER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUBSCRIBER_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Ordenar por"
          value={sortBy}
          onChange={(event) => setSortBy(event.target.value as SortBy)}
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
          onChange={(event) => setSortOrder(event.target.value as 'asc' | 'desc')}
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

      {list.isError ? (
        <Alert>
          {SUBSCRIBER_MSG.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Tentar novamente
          </button>
        </Alert>
      ) : list.isPending ? (
        <p role="status">Carregando assinantes...</p>
      ) : list.data.subscribers.length === 0 ? (
        <p className="subs__empty">Nenhum assinante encontrado.</p>
      ) : (
        <div className="sub-table-wrap">
          <table className="sub-table" aria-describedby={captionId}>
            <caption id={captionId} className="sr-only">
              Assinantes: {total} no total, página {page} de {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Contato</th>
                <th scope="col">Status</th>
                <th scope="col">Valor</th>
                <th scope="col">Cadastro</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.subscribers.map((subscriber) => (
                <tr key={subscriber.id}>
                  <th scope="row" data-label="Nome">
                    <button
                      type="button"
                      className="link-button sub-table__name"
                      onClick={() => setModal({ mode: 'view', id: subscriber.id })}
                    >
                      {subscriber.fullName}
                    </button>
                  </th>
                  <td data-label="Contato">
                    <span className="sub-table__email">{subscriber.email}</span>
                    <span className="sub-table__phone">{formatPhone(subscriber.phone)}</span>
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={subscriber.status} />
                  </td>
                  <td data-label="Valor">{formatMoney(subscriber.subscriptionPrice)}</td>
                  <td data-label="Cadastro">{formatDate(subscriber.createdAt)}</td>
                  <td className="sub-table__actions">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list.data && (
        <nav className="subs__pager" aria-label="Páginas de assinantes">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span aria-live="polite">
            Página {page} de {pages} · {total} assinante{total === 1 ? '' : 's'}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </nav>
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
    </div>
  );
}
