import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_MSG,
  PAYMENT_EXCEPTION_LABELS,
  PAYMENT_PAGE_SIZE,
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
import { PAYMENT_EXCEPTIONS, PAYMENT_SORTS, type PaymentSort } from '../../../../shared/list-choices';
import { nextListSearch, type PaymentSearch } from '../../../lib/list-search';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-finance.css';
import { ActiveFilter } from '../../ui/ActiveFilter';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { DataTable, PersonCell, type Column } from '../../ui/DataTable';
import { SearchField } from '../../ui/SearchField';
import { useSearchBox } from '../../ui/use-search-box';
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

/** Refund is offered only for a paid payment whose refund is not already under way (docs/product/back-office-and-member-area.md §4). */
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
 * The payments screen (docs/product/back-office-and-member-area.md §2 "Admin payment management"): filters by status, method and a
 * search, sort by date, amount or status, pages of 10, a detail modal, a refund modal, and a CSV of
 * what the filters select.
 */
export function AdminPayments({
  search: params,
  navigate,
}: {
  search: PaymentSearch;
  navigate: (next: PaymentSearch, options?: { replace?: boolean }) => void;
}) {
  const filters: Filters = {
    status: params.status ?? 'all',
    method: params.method ?? 'all',
    search: params.search ?? '',
    createdWithinDays: params.createdWithinDays,
    exception: params.exception,
    sortBy: params.sortBy ?? 'createdAt',
    sortOrder: params.sortOrder ?? 'desc',
  };
  const page = params.page ?? 1;
  const update = (change: Partial<PaymentSearch>, options?: { replace?: boolean }) =>
    navigate(nextListSearch(params, change), options);
  const [searchText, setSearchText] = useSearchBox(filters.search, (text) =>
    update({ search: text }, { replace: true }),
  );
  const [detail, setDetail] = useState<AdminPayment | null>(null);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

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

  const columns: Column<AdminPayment>[] = [
    { key: 'date', header: 'Data', sortKey: 'createdAt', cell: (payment) => formatDate(payment.date) },
    {
      key: 'subscriber',
      header: 'Assinante',
      cell: (payment) => <PersonCell person={payment.subscriber} emailClassName="muted" />,
    },
    {
      key: 'amount',
      header: 'Valor',
      sortKey: 'amount',
      numeric: true,
      cell: (payment) => formatMoney(payment.amount),
    },
    { key: 'method', header: 'Método', cell: (payment) => paymentMethodLabel(payment.method) },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (payment) => <PaymentStatusBadge payment={payment} />,
    },
    {
      key: 'actions',
      header: 'Ações',
      headerHidden: true,
      cell: (payment) => (
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
      ),
    },
  ];

  return (
    <div className="finance-page">
      <div className="filters" role="search" aria-label="Filtrar pagamentos">
        <SearchField placeholder="Nome, e-mail ou transação" value={searchText} onSearch={setSearchText} />
        <Select<StatusFilter>
          label="Status"
          value={filters.status}
          options={[['all', 'Todos'], ...PAYMENT_STATUSES.map((s) => [s, paymentStatusLabel(s)] as const)]}
          onChange={(status) => update({ status: status === 'all' ? undefined : status })}
        />
        <Select<Filters['method']>
          label="Método"
          value={filters.method}
          options={[['all', 'Todos'], ...PAYMENT_METHODS.map((m) => [m, paymentMethodLabel(m)] as const)]}
          onChange={(method) => update({ method: method === 'all' ? undefined : method })}
        />
        <Select<NonNullable<Filters['exception']> | 'all'>
          label="Exceção"
          value={filters.exception ?? 'all'}
          options={[
            ['all', 'Todas'],
            ...PAYMENT_EXCEPTIONS.map((e) => [e, PAYMENT_EXCEPTION_LABELS[e]] as const),
          ]}
          onChange={(exception) => update({ exception: exception === 'all' ? undefined : exception })}
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

      {params.createdWithinDays !== undefined && (
        <ActiveFilter clearLabel="Mostrar todos" onClear={() => update({ createdWithinDays: undefined })}>
          Pagamentos criados nos últimos {params.createdWithinDays} dias.
        </ActiveFilter>
      )}

      {list.isError && <Alert>{ADMIN_MSG.paymentsLoadFailed}</Alert>}
      {!list.isError && (
        <DataTable
          caption="Pagamentos"
          columns={columns}
          rows={data?.payments}
          rowKey={(payment) => payment.id}
          loading={list.isPending}
          busy={list.isFetching}
          empty="Nenhum pagamento encontrado."
          sort={{
            by: filters.sortBy,
            order: filters.sortOrder,
            onSort: (by, order) => update({ sortBy: by as PaymentSort, sortOrder: order }),
          }}
          pagination={{ page, pages, onPage: (next) => update({ page: next }) }}
        />
      )}

      {detail && <PaymentDetailDialog payment={detail} onClose={() => setDetail(null)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
