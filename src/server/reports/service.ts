/**
 * What the back office reads about money and members: the payments list (filters, search, sort,
 * pages of 10) and the dashboard's figures, all computed from the data (docs/product/decisions.md §4: no
 * placeholders). Months are the club's calendar months in São Paulo time.
 */
import type { PaymentExportInput, PaymentListInput } from '../../shared/admin-schemas';
import { dashboard } from './dashboard';
import { exportPayments, listPayments } from './payment-list';
import type { ServiceDeps } from '../lib/deps';

export { toAdminPayment } from './payment-rows';

export function createAdminReports(deps: ServiceDeps) {
  return {
    listPayments: (input: PaymentListInput) => listPayments(deps, input),
    exportPayments: (input: PaymentExportInput) => exportPayments(deps, input),
    dashboard: () => dashboard(deps),
  };
}

export type AdminReports = ReturnType<typeof createAdminReports>;
