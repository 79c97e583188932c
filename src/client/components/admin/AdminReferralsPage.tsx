import { useState } from 'react';
import { formatDateTime, formatMoney } from '../../../shared/format';
import {
  ADMIN_REFERRAL_MSG,
  REFERRAL_STATUS_LABELS,
  type AdminReferral,
  type AdminReferralListInput,
} from '../../../shared/member-schemas';
import { REFERRAL_STATUSES } from '../../../shared/plans';
import { errorText } from '../../lib/errors';
import { nextListSearch, type ReferralSearch } from '../../lib/list-search';
import { trpc } from '../../lib/trpc';
import '../../styles/admin-referrals.css';
import { Alert } from '../ui/Alert';
import { BatchPayoutDialog } from './BatchPayoutDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { Button } from '../ui/Button';
import { referralAmountColumns } from '../referrals/referral-columns';
import { DataTable, PersonCell, type Column } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { PageLoading } from '../ui/PageLoading';
import { useSearchBox } from '../ui/use-search-box';
import { FilterSelectField } from '../ui/FilterSelectField';
import { SearchField } from '../ui/SearchField';

type StatusFilter = AdminReferralListInput['status'];
const PAGE_SIZE = 20;

/**
 * The back office's referral programme: every commission with its referrer and referred member,
 * totals per status, and "Marcar como pago" for confirmed ones (who and when kept), after a
 * confirmation that names the amount and the referrer, since it records money paid out. Filters
 * and page live in the address (ADR 034). "Pagar comissões em lote" pays every confirmed commission
 * whose referrer gave a PIX key at once, with the bank's CSV (BatchPayoutDialog).
 */
export function AdminReferralsPage({
  search: params,
  navigate,
}: {
  search: ReferralSearch;
  navigate: (next: ReferralSearch, options?: { replace?: boolean }) => void;
}) {
  const status: StatusFilter = params.status ?? 'all';
  const page = params.page ?? 1;
  const update = (change: Partial<ReferralSearch>, options?: { replace?: boolean }) =>
    navigate(nextListSearch(params, change), options);
  const [search, setSearch] = useSearchBox(params.search ?? '', (text) =>
    update({ search: text }, { replace: true }),
  );
  const list = trpc.referrals.list.useQuery(
    { status, search: params.search ?? '', page, limit: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const utils = trpc.useUtils();
  const [done, setDone] = useState<string | null>(null);
  const [paying, setPaying] = useState<AdminReferral | null>(null);
  const [batchOpen, setBatchOpen] = useState(false);
  const markPaid = trpc.referrals.markPaid.useMutation({
    onSuccess: async () => {
      setDone(ADMIN_REFERRAL_MSG.processed);
      setPaying(null);
      await utils.referrals.list.invalidate();
    },
  });

  return (
    <div className="admin-referrals">
      <form
        className="admin-referrals__filters"
        role="search"
        aria-label="Filtrar indicações"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelectField
          label="Status"
          value={params.status}
          values={REFERRAL_STATUSES}
          labels={REFERRAL_STATUS_LABELS}
          onFilter={(status) => update({ status })}
        />
        <SearchField placeholder="Nome, email ou código" value={search} onSearch={setSearch} />
      </form>
      <div className="admin-referrals__toolbar">
        <Button
          onClick={() => {
            setDone(null);
            setBatchOpen(true);
          }}
        >
          Pagar comissões em lote
        </Button>
      </div>
      {batchOpen && <BatchPayoutDialog onClose={() => setBatchOpen(false)} />}
      {done && <Alert tone="success">{done}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <LoadFailed
          className="admin-referrals__stack"
          message={errorText(list.error, ADMIN_REFERRAL_MSG.loadFailed)}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <section className="admin-referrals__totals" aria-label="Totais por status">
            {REFERRAL_STATUSES.map((value) => (
              <div key={value} className="card admin-referrals__total" data-testid={`total-${value}`}>
                <span className="admin-referrals__total-label">{REFERRAL_STATUS_LABELS[value]}</span>
                <span className="admin-referrals__total-amount">
                  {formatMoney(list.data.totals[value].amount)}
                </span>
                <span className="admin-referrals__total-count">
                  {list.data.totals[value].count}{' '}
                  {list.data.totals[value].count === 1 ? 'indicação' : 'indicações'}
                </span>
              </div>
            ))}
          </section>
          <DataTable
            caption="Lista de indicações"
            columns={referralColumns((referral) => {
              setDone(null);
              markPaid.reset();
              setPaying(referral);
            })}
            rows={list.data.referrals}
            rowKey={(referral) => referral.id}
            rowProps={() => ({ 'data-testid': 'admin-referral-row' })}
            busy={list.isFetching}
            empty="Nenhuma indicação encontrada."
            pagination={{
              page,
              pages: list.data.pagination.pages,
              onPage: (next) => update({ page: next }),
            }}
          />
        </>
      )}
      {paying && (
        <Dialog
          title="Marcar comissão como paga"
          onClose={() => setPaying(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setPaying(null)} disabled={markPaid.isPending}>
                Cancelar
              </Button>
              <Button
                loading={markPaid.isPending}
                loadingLabel="Salvando..."
                onClick={() => markPaid.mutate({ id: paying.id })}
              >
                Confirmar pagamento
              </Button>
            </>
          }
        >
          <p>
            Confirmar o pagamento de <strong>{formatMoney(paying.commissionAmount)}</strong> de comissão a{' '}
            <strong>{paying.referrer.fullName}</strong> pela indicação de {paying.referredSubscriber.fullName}
            ? Fica registrado quem marcou e quando.
          </p>
          {markPaid.isError && <Alert>{errorText(markPaid.error, ADMIN_REFERRAL_MSG.processFailed)}</Alert>}
        </Dialog>
      )}
    </div>
  );
}

function referralColumns(onPay: (referral: AdminReferral) => void): Column<AdminReferral>[] {
  return [
    {
      key: 'referrer',
      header: 'Indicador',
      rowHeader: true,
      cell: (referral) => <PersonCell person={referral.referrer} emailClassName="admin-referrals__muted" />,
    },
    {
      key: 'referred',
      header: 'Indicado',
      cell: (referral) => (
        <PersonCell person={referral.referredSubscriber} emailClassName="admin-referrals__muted" />
      ),
    },
    { key: 'code', header: 'Código', cell: (referral) => referral.referralCode },
    ...referralAmountColumns<AdminReferral>(),
    {
      key: 'status',
      header: 'Status',
      cell: (referral) => (
        <>
          <span className="admin-referrals__badge" data-status={referral.status}>
            {REFERRAL_STATUS_LABELS[referral.status]}
          </span>
          {referral.paidAt && (
            <span className="admin-referrals__muted admin-referrals__paid">
              Pago em {formatDateTime(referral.paidAt)}
              {referral.paidBy?.name ? ` por ${referral.paidBy.name}` : ''}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'action',
      header: 'Ação',
      className: 'admin-referrals__action',
      cell: (referral) =>
        referral.status === 'confirmed' ? (
          <Button
            size="sm"
            onClick={() => onPay(referral)}
            aria-label={`Marcar como pago: comissão de ${referral.referrer.fullName}`}
          >
            Marcar como pago
          </Button>
        ) : (
          '—'
        ),
    },
  ];
}
