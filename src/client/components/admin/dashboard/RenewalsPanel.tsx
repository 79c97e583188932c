/**
 * The renewals ahead by how they will happen, and the automatic renewals declined and in retry
 * (docs/decisions/052-automatic-renewal.md): each figure opens the subscriber list filtered in the
 * address (ADR 034) by the same rules the server counted with.
 */
import { Link } from '@tanstack/react-router';
import type { DashboardFigures } from '../../../../shared/admin-schemas';
import { plural } from './plural';

/** The window of the renewals ahead: the "Vencem em 30 dias" tile's. */
const DUE_DAYS = 30;

export function RenewalsPanel({ figures }: { figures: DashboardFigures }) {
  const due = { endingWithinDays: DUE_DAYS, sortBy: 'subscriptionEndDate', sortOrder: 'asc' } as const;
  return (
    <section className="panel" aria-labelledby="renewals-title">
      <h2 id="renewals-title">Renovações</h2>
      <ul className="action-list">
        <li>
          <Link to="/admin/subscribers" search={{ ...due, renewal: 'automatic' }}>
            {plural(figures.renewalsDueAutomatic, 'renovação automática', 'renovações automáticas')} em até{' '}
            {DUE_DAYS} dias
          </Link>
        </li>
        <li>
          <Link to="/admin/subscribers" search={{ ...due, renewal: 'manual' }}>
            {plural(figures.renewalsDueManual, 'renovação manual', 'renovações manuais')} em até {DUE_DAYS}{' '}
            dias
          </Link>
        </li>
        <li>
          <Link
            to="/admin/subscribers"
            search={{ renewal: 'retrying', sortBy: 'subscriptionEndDate', sortOrder: 'asc' }}
          >
            {plural(
              figures.automaticRenewalsRetrying,
              'renovação automática recusada, em nova tentativa',
              'renovações automáticas recusadas, em nova tentativa',
            )}
          </Link>
        </li>
      </ul>
    </section>
  );
}
