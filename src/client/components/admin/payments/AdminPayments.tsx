import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ADMIN_MSG,
  PAYMENT_PAGE_SIZE,
  PAYMENT_SORTS,
  type AdminPayment,
  type PaymentListInput,
} from '../../../../shared/admin-schemas';
import { formatDate, formatMoney } from '../../../../shared/format';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentMethodLabel,
  paymentStatusLabel,
} from '../../../../shared/plans';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-finance.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageLoading } from '../../ui/PageLoading';
import { TextField } from '../../ui/TextField';
import { PaymentDetailDialog } from './PaymentDetailDialog';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { RefundDialog } from './RefundDialog';

type Filters = Omit<PaymentListInput, 'page' | 'limit'>;
type StatusFilter = Filters['status'];

const SORT_LABELS: Record<(typeof PAYMENT_SORTS)[number], string> = {
  createdAt: 'Data',
  amount: 'Valor',
  status: 'Status',
};
/** While a refund is with the provider, the list asks again until it is done. */
const REFUND_POLL_MS = 5000;
const SEARCH_DEBOUNCE_MS = 300;

/** Refund is offered only for a paid payment whose refund is not already under way (spec 02 §4). */
export const canRefund = (payment: AdminPayment) =>
  payment.status === 'paid' && payment.refundStatus !== 'processing';

function exportUrl(filters: Filters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
  return `/api/admin/payments/export.csv?${query.toString()}`;
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="select" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The payments screen (spec 02 §2 "Admin payment management"): filters by status, method and a
 * search, sort by date, amount or status, pages of 10, a detail modal, a refund modal, and a CSV of
 * what the filters select.
 */
export function AdminPayments({ initialStatus = 'all' }: { initialStatus?: StatusFilter }) {
  const [filters, setFilters] = useState<Filters>({
    status: initialStatus,
    method: 'all',
    search: '',
    sortBy: 'createdAt',
    sortOrder: 'desc',
  });
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<AdminPayment | null>(null);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  const update = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim();
      setFilters((current) => (current.search === search ? current : { ...current, search }));
      setPage((current) => (filters.search === search ? current : 1));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);

  const list = trpc.payments.list.useQuery(
    { ...filters, page, limit: PAYMENT_PAGE_SIZE },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.payments.some((payment) => payment.refundStatus === 'processing')
          ? REFUND_POLL_MS
          : false,
    },
  );
  const data = list.data;
  const pages = data?.pagination.pages ?? 1;

  return (
    <div className="finance-page">
      <div className="filters" role="search" aria-label="Filtrar pagamentos">
        <TextField
          label="Buscar"
          type="search"
          placeholder="Nome, e-mail ou transação"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <Select<StatusFilter>
          label="Status"
          value={filters.status}
          options={[['all', 'Todos'], ...PAYMENT_STATUSES.map((s) => [s, paymentStatusLabel(s)] as const)]}
          onChange={(status) => update({ status })}
        />
        <Select<Filters['method']>
          label="Método"
          value={filters.method}
          options={[['all', 'Todos'], ...PAYMENT_METHODS.map((m) => [m, paymentMethodLabel(m)] as const)]}
          onChange={(method) => update({ method })}
        />
        <Select<Filters['sortBy']>
          label="Ordenar por"
          value={filters.sortBy}
          options={PAYMENT_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
          onChange={(sortBy) => update({ sortBy })}
        />
        <Select<Filters['sortOrder']>
          label="Ordem"
          value={filters.sortOrder}
          options={[
            ['desc', 'Decrescente'],
            ['asc', 'Crescente'],
          ]}
          onChange={(sortOrder) => update({ sortOrder })}
        />
      </div>

      <div className="finance-toolbar">
        <p className="finance-toolbar__meta" aria-live="polite">
          {data
            ? `${data.pagination.total.toLocaleString('pt-BR')} pagamento(s)`
            : list.isPending
              ? 'Carregando...'
              : ''}
        </p>
        <a className="btn btn--secondary btn--sm" href={exportUrl(filters)} download>
          Exportar CSV
        </a>
      </div>

      {list.isError && <Alert>{ADMIN_MSG.paymentsLoadFailed}</Alert>}
      {list.isPending && <PageLoading />}

      {data &&
        (data.payments.length === 0 ? (
          <p className="muted">Nenhum pagamento encontrado.</p>
        ) : (
          <table className="data-table data-table--stack" aria-busy={list.isFetching || undefined}>
            <caption className="sr-only">Pagamentos</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Assinante</th>
                <th scope="col" className="num">
                  Valor
                </th>
                <th scope="col">Método</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((payment) => (
                <tr key={payment.id}>
                  <td data-label="Data">{formatDate(payment.date)}</td>
                  <td data-label="Assinante">
                    <div className="cell-stack">
                      <span>{payment.subscriber.fullName}</span>
                      <span className="muted">{payment.subscriber.email}</span>
                    </div>
                  </td>
                  <td data-label="Valor" className="num">
                    {formatMoney(payment.amount)}
                  </td>
                  <td data-label="Método">{paymentMethodLabel(payment.method)}</td>
                  <td data-label="Status">
                    <PaymentStatusBadge payment={payment} />
                  </td>
                  <td data-label="Ações">
                    <div className="row-actions">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDetail(payment)}
                        aria-label={`Detalhes do pagamento de ${payment.subscriber.fullName}`}
                      >
                        Detalhes
                      </Button>
                      {canRefund(payment) && (
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setRefunding(payment)}
                          aria-label={`Reembolsar pagamento de ${payment.subscriber.fullName}`}
                        >
                          Reembolsar
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}

      {data && pages > 1 && (
        <nav className="pager" aria-label="Paginação">
          <span>
            Página {data.pagination.page} de {pages}
          </span>
          <div className="pager__buttons">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Próxima
            </Button>
          </div>
        </nav>
      )}

      {detail && <PaymentDetailDialog payment={detail} onClose={() => setDetail(null)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
