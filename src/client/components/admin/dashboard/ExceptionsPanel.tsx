/**
 * The dashboard's exceptions (ADR 046): the payments and members that need the owner, each a link
 * to the list that holds them, filtered in the address (ADR 034). The counts are the lists' own
 * totals (a page of one row), so a number and the list it opens always agree.
 */
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/trpc';
import { plural } from './plural';

/** Members whose period ended within this many days: the win-back shortcut. */
export const WIN_BACK_DAYS = 30;

const refreshing = { refetchInterval: 300_000, refetchIntervalInBackground: false } as const;

export function ExceptionsPanel() {
  const duplicate = trpc.payments.list.useQuery(
    { exception: 'duplicate', status: 'paid', limit: 1 },
    refreshing,
  );
  const verifying = trpc.payments.list.useQuery({ exception: 'verifying', limit: 1 }, refreshing);
  const chargeback = trpc.payments.list.useQuery({ exception: 'chargeback', limit: 1 }, refreshing);
  const expired = trpc.subscribers.list.useQuery({ expiredWithinDays: WIN_BACK_DAYS, limit: 1 }, refreshing);
  const total = (query: { data?: { pagination: { total: number } } }) => query.data?.pagination.total ?? 0;

  return (
    <section className="panel" aria-labelledby="exceptions-title">
      <h2 id="exceptions-title">Exceções</h2>
      <ul className="action-list">
        <li>
          <Link to="/admin/payments" search={{ exception: 'duplicate', status: 'paid' }}>
            {plural(total(duplicate), 'cobrança duplicada a reembolsar', 'cobranças duplicadas a reembolsar')}
          </Link>
        </li>
        <li>
          <Link to="/admin/payments" search={{ exception: 'verifying' }}>
            {plural(total(verifying), 'pagamento em verificação', 'pagamentos em verificação')}
          </Link>
        </li>
        <li>
          <Link to="/admin/payments" search={{ exception: 'chargeback' }}>
            {plural(total(chargeback), 'chargeback', 'chargebacks')}
          </Link>
        </li>
        <li>
          <Link
            to="/admin/subscribers"
            search={{ expiredWithinDays: WIN_BACK_DAYS, sortBy: 'subscriptionEndDate' }}
          >
            {plural(total(expired), 'confrade expirou', 'confrades expiraram')} nos últimos {WIN_BACK_DAYS}{' '}
            dias
          </Link>
        </li>
        <li>
          <Link
            to="/admin/subscribers"
            search={{ status: 'active', sortBy: 'subscriptionEndDate', sortOrder: 'asc' }}
          >
            Assinantes ativos por vencimento
          </Link>
        </li>
      </ul>
    </section>
  );
}
