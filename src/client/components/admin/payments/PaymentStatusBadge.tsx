import type { AdminPayment } from '../../../../shared/admin-schemas';

type Tone = 'paid' | 'pending' | 'refunded' | 'processing' | 'failed';

function toneOf(payment: Pick<AdminPayment, 'status' | 'refundStatus'>): Tone {
  if (payment.status === 'paid') return payment.refundStatus === 'processing' ? 'processing' : 'paid';
  if (payment.status === 'pending' || payment.status === 'refunded') return payment.status;
  return 'failed';
}

/** The status as the server labels it (DECISIONS §4), coloured by what it means. */
export function PaymentStatusBadge({
  payment,
}: {
  payment: Pick<AdminPayment, 'status' | 'refundStatus' | 'statusLabel'>;
}) {
  return <span className={`badge badge--${toneOf(payment)}`}>{payment.statusLabel}</span>;
}
