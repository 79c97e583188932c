import { formatDate, formatMoney } from '../../../shared/format';
import type { Column } from '../ui/DataTable';

/** The date and commission columns of both referral tables (the member's and the back office's). */
export function referralAmountColumns<
  T extends { createdAt: string; commissionAmount: number },
>(): Column<T>[] {
  return [
    { key: 'date', header: 'Data', cell: (referral) => formatDate(referral.createdAt) },
    {
      key: 'commission',
      header: 'Comissão',
      numeric: true,
      cell: (referral) => formatMoney(referral.commissionAmount),
    },
  ];
}
