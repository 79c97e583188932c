import { useId, useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import {
  ADMIN_REFERRAL_MSG,
  REFERRAL_STATUS_LABELS,
  type AdminReferral,
  type AdminReferralListInput,
} from '../../../shared/member-schemas';
import { REFERRAL_STATUSES } from '../../../shared/plans';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../styles/admin-referrals.css';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';

type StatusFilter = AdminReferralListInput['status'];

/**
 * The back office's referral programme (DECISIONS §3.6): every commission with its referrer and
 * referred member, totals per status, and "Marcar como pago" for confirmed ones (who and when kept).
 */
export function AdminReferralsPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const statusId = useId();
  const searchId = useId();
  const list = trpc.referrals.list.useQuery({ status, search, page, limit: 20 });
  const utils = trpc.useUtils();
  const [done, setDone] = useState<string | null>(null);
  const markPaid = trpc.referrals.markPaid.useMutation({
    onSuccess: async () => {
      setDone(ADMIN_REFERRAL_MSG.processed);
      await utils.referrals.list.invalidate();
    },
  });

  return (
    <div className="admin-referrals">
      <form className="admin-referrals__filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor={statusId}>
            Status
          </label>
          <select
            id={statusId}
            className="field__input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setPage(1);
            }}
          >
            <option value="all">Todos</option>
            {REFERRAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REFERRAL_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={searchId}>
            Buscar
          </label>
          <input
            id={searchId}
            className="field__input"
            type="search"
            placeholder="Nome, email ou código"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>
      {done && <Alert tone="success">{done}</Alert>}
      {markPaid.isError && <Alert>{errorText(markPaid.error, ADMIN_REFERRAL_MSG.processFailed)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <div className="admin-referrals__stack">
          <Alert>{errorText(list.error, ADMIN_REFERRAL_MSG.loadFailed)}</Alert>
          <div>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </div>
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
          {list.data.referrals.length === 0 ? (
            <EmptyState>Nenhuma indicação encontrada.</EmptyState>
          ) : (
            <div
              className="admin-referrals__table-wrap"
              role="region"
              aria-label="Lista de indicações"
              tabIndex={0}
            >
              <table className="admin-referrals__table">
                <thead>
                  <tr>
                    <th scope="col">Indicador</th>
                    <th scope="col">Indicado</th>
                    <th scope="col">Código</th>
                    <th scope="col">Data</th>
                    <th scope="col">Comissão</th>
                    <th scope="col">Status</th>
                    <th scope="col">Ação</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.referrals.map((referral) => (
                    <ReferralRow
                      key={referral.id}
                      referral={referral}
                      busy={markPaid.isPending && markPaid.variables?.id === referral.id}
                      onPay={() => {
                        setDone(null);
                        markPaid.mutate({ id: referral.id });
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.data.pagination.pages > 1 && (
            <nav className="admin-referrals__pager" aria-label="Paginação">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Anterior
              </Button>
              <span>
                Página {list.data.pagination.page} de {list.data.pagination.pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= list.data.pagination.pages}
                onClick={() => setPage(page + 1)}
              >
                Próxima
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function ReferralRow({
  referral,
  busy,
  onPay,
}: {
  referral: AdminReferral;
  busy: boolean;
  onPay: () => void;
}) {
  return (
    <tr data-testid="admin-referral-row">
      <td>
        {referral.referrer.fullName}
        <br />
        <span className="admin-referrals__muted">{referral.referrer.email}</span>
      </td>
      <td>
        {referral.referredSubscriber.fullName}
        <br />
        <span className="admin-referrals__muted">{referral.referredSubscriber.email}</span>
      </td>
      <td>{referral.referralCode}</td>
      <td>{formatDate(referral.createdAt)}</td>
      <td>{formatMoney(referral.commissionAmount)}</td>
      <td>
        <span className="admin-referrals__badge" data-status={referral.status}>
          {REFERRAL_STATUS_LABELS[referral.status]}
        </span>
        {referral.paidAt && (
          <span className="admin-referrals__muted admin-referrals__paid">
            Pago em {formatDateTime(referral.paidAt)}
            {referral.paidBy?.name ? ` por ${referral.paidBy.name}` : ''}
          </span>
        )}
      </td>
      <td>
        {referral.status === 'confirmed' ? (
          <Button size="sm" loading={busy} loadingLabel="Salvando..." onClick={onPay}>
            Marcar como pago
          </Button>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
