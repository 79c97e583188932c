import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { ADMIN_MSG, type DashboardFigures } from '../../../../shared/admin-schemas';
import { formatDate, formatMoney, formatTime } from '../../../../shared/format';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-finance.css';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { RenewalReminderList } from '../messaging/RenewalReminderList';
import { PageLoading } from '../../ui/PageLoading';
import { PaymentStatusBadge } from '../payments/PaymentStatusBadge';
import { ExceptionsPanel } from './ExceptionsPanel';
import { PrivacySummary } from './PrivacySummary';
import { RenewalsPanel } from './RenewalsPanel';
import { TwoFactorWarning } from '../security/TwoFactorWarning';

// recharts is the heaviest thing on the page: it loads beside the tiles, not before them.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts').then((module) => ({ default: module.DashboardCharts })),
);

/** docs/product/back-office-and-member-area.md §9: the dashboard refreshes itself every 300 seconds. */
export const DASHBOARD_REFRESH_MS = 300_000;
const LATEST = 5;

const refreshing = { refetchInterval: DASHBOARD_REFRESH_MS, refetchIntervalInBackground: false } as const;

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function Tiles({ figures }: { figures: DashboardFigures }) {
  const tiles: [string, string][] = [
    ['Membros ativos', figures.activeMembers.toLocaleString('pt-BR')],
    ['Aguardando aprovação', figures.pendingApprovals.toLocaleString('pt-BR')],
    ['Novos membros no mês', figures.newMembersThisMonth.toLocaleString('pt-BR')],
    ['Receita do mês', formatMoney(figures.revenueThisMonth)],
    ['Receita total', formatMoney(figures.revenueTotal)],
    ['Taxa de renovação', figures.renewalRate === null ? '—' : `${percent.format(figures.renewalRate)}%`],
    ['Vencem em 30 dias', figures.expiringIn30Days.toLocaleString('pt-BR')],
  ];
  return (
    <dl className="tiles" aria-label="Números do clube">
      {tiles.map(([label, value]) => (
        <div className="tile" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each next action opens the list that holds its work, already filtered (ADR 034). */
function ActionLink({ action }: { action: DashboardFigures['nextActions'][number] }) {
  switch (action.kind) {
    case 'failed':
      return (
        <Link to="/admin/payments" search={{ status: 'failed', createdWithinDays: 30 }}>
          {action.text}
        </Link>
      );
    case 'renew':
      return <RenewAction text={action.text} />;
    default:
      return (
        <Link to="/admin/subscribers" search={{ status: 'pending' }}>
          {action.text}
        </Link>
      );
  }
}

/**
 * "Enviar renovação para N confrade(s)": the list of who would receive the renewal link, which can
 * send it (the WhatsApp screen's), in a dialog over the dashboard; the subscriber list of the same
 * members stays one link away.
 */
function RenewAction({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {text}
      </button>
      {open && (
        <Dialog title="Lembretes de renovação" size="lg" onClose={() => setOpen(false)}>
          <RenewalReminderList />
          <p className="adm-note">
            <Link
              to="/admin/subscribers"
              search={{ endingWithinDays: 30, sortBy: 'fullName', sortOrder: 'asc' }}
            >
              Ver estes confrades na lista de assinantes
            </Link>
          </p>
        </Dialog>
      )}
    </>
  );
}

function NextActions({ actions }: { actions: DashboardFigures['nextActions'] }) {
  return (
    <section className="panel" aria-labelledby="next-actions-title">
      <h2 id="next-actions-title">Próximas ações</h2>
      {actions.length === 0 ? (
        <p className="muted">Nenhuma ação pendente.</p>
      ) : (
        <ul className="action-list">
          {actions.map((action) => (
            <li key={action.kind}>
              <ActionLink action={action} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The back office's home (docs/product/back-office-and-member-area.md §2 "Admin dashboard", docs/product/decisions.md §4): real figures only. Its three
 * sources (figures, latest payments, the approval queue) load independently; if any fails a
 * dismissible banner says so and the others still show.
 */
export function AdminDashboard() {
  const figures = trpc.payments.dashboard.useQuery(undefined, refreshing);
  const latest = trpc.payments.list.useQuery(
    { limit: LATEST, sortBy: 'createdAt', sortOrder: 'desc' },
    refreshing,
  );
  const queue = trpc.subscribers.list.useQuery({ status: 'pending', limit: LATEST }, refreshing);
  // LGPD requests (ADR 029): open and overdue, refreshed and reported with the rest.
  const privacy = trpc.privacy.deletionSummary.useQuery(undefined, refreshing);
  const sources = [figures, latest, queue, privacy];

  // A banner dismissed stays dismissed until a later failure (a new error time).
  const failedAt = Math.max(0, ...sources.map((source) => (source.isError ? source.errorUpdatedAt : 0)));
  const [dismissedAt, setDismissedAt] = useState(0);
  const showBanner = failedAt > 0 && failedAt !== dismissedAt;

  const fetching = sources.some((source) => source.isFetching);
  const updatedAt = Math.max(...sources.map((source) => source.dataUpdatedAt));
  const refresh = () => void Promise.all(sources.map((source) => source.refetch()));

  return (
    <div className="finance-page">
      <TwoFactorWarning />
      <div className="finance-toolbar">
        <p className="finance-toolbar__meta" aria-live="polite">
          {updatedAt > 0 ? `Atualizado às ${formatTime(updatedAt)}` : ''}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={refresh}
          loading={fetching}
          loadingLabel="Atualizando..."
        >
          Atualizar
        </Button>
      </div>

      {showBanner && (
        <div className="alert alert--error finance-banner" role="alert">
          <span>{ADMIN_MSG.dashboardLoadFailed}</span>
          <button type="button" className="link-button" onClick={() => setDismissedAt(failedAt)}>
            Fechar aviso
          </button>
        </div>
      )}

      {figures.data ? <Tiles figures={figures.data} /> : figures.isPending && <PageLoading />}

      <div className="finance-grid">
        {figures.data && <NextActions actions={figures.data.nextActions} />}
        {figures.data && <RenewalsPanel figures={figures.data} />}
        <ExceptionsPanel />
        {privacy.data && <PrivacySummary summary={privacy.data} />}
        <section className="panel" aria-labelledby="queue-title">
          <h2 id="queue-title">Aguardando aprovação</h2>
          {queue.data &&
            (queue.data.subscribers.length === 0 ? (
              <p className="muted">Ninguém na fila de aprovação.</p>
            ) : (
              <ul className="plain-list">
                {queue.data.subscribers.map((subscriber) => (
                  <li key={subscriber.id}>
                    <Link to="/admin/subscribers" search={{ view: subscriber.id }}>
                      {subscriber.fullName}
                    </Link>
                    <span className="muted">{subscriber.email}</span>
                  </li>
                ))}
              </ul>
            ))}
          {queue.data && queue.data.pagination.total > LATEST && (
            <p>
              <Link to="/admin/subscribers" search={{ status: 'pending' }}>
                Ver todos ({queue.data.pagination.total})
              </Link>
            </p>
          )}
        </section>
      </div>

      <section className="panel" aria-labelledby="latest-title">
        <h2 id="latest-title">Últimos pagamentos</h2>
        {latest.data &&
          (latest.data.payments.length === 0 ? (
            <p className="muted">Nenhum pagamento ainda.</p>
          ) : (
            <table className="data-table data-table--stack">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Assinante</th>
                  <th scope="col" className="num">
                    Valor
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {latest.data.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td data-label="Data">{formatDate(payment.date)}</td>
                    <td data-label="Assinante">
                      <Link to="/admin/subscribers" search={{ view: payment.subscriberId }}>
                        {payment.subscriber.fullName}
                      </Link>
                    </td>
                    <td data-label="Valor" className="num">
                      {formatMoney(payment.amount)}
                    </td>
                    <td data-label="Status">
                      <PaymentStatusBadge payment={payment} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        <p>
          <Link to="/admin/payments">Ver todos os pagamentos</Link>
        </p>
      </section>

      {figures.data && (
        <Suspense fallback={<PageLoading label="Carregando gráficos..." />}>
          <DashboardCharts
            revenueByMonth={figures.data.revenueByMonth}
            activeMembersByMonth={figures.data.activeMembersByMonth}
          />
        </Suspense>
      )}
    </div>
  );
}
