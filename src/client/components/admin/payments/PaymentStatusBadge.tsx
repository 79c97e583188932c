import type { AdminPayment } from '../../../../shared/admin-schemas';

type Tone = 'paid' | 'pending' | 'refunded' | 'processing' | 'failed';

function toneOf(
  payment: Pick<AdminPayment, 'status' | 'refundStatus' | 'extraCharge' | 'chargedbackAt'> &
    Partial<Pick<AdminPayment, 'extraChargeKeptAt'>>,
): Tone {
  if (payment.status === 'paid') {
    if (payment.refundStatus === 'processing') return 'processing';
    // Money that bought nothing ("Cobrança duplicada", "Valor recebido a menor"): to decide,
    // unless the owner kept it ("Cobrança extra mantida"), the club's money like any payment.
    return payment.extraCharge && !payment.extraChargeKeptAt ? 'failed' : 'paid';
  }
  // A chargeback is money taken back against the club's will: shown as a problem, not a refund.
  if (payment.status === 'refunded' && payment.chargedbackAt) return 'failed';
  if (payment.status === 'pending' || payment.status === 'refunded') return payment.status;
  return 'failed';
}

/** The status as the server labels it (docs/product/decisions.md §4), coloured by what it means. */
export function PaymentStatusBadge({
  payment,
}: {
  payment: Pick<AdminPayment, 'status' | 'refundStatus' | 'statusLabel' | 'extraCharge' | 'chargedbackAt'> &
    Partial<Pick<AdminPayment, 'extraChargeKeptAt'>>;
}) {
  return <span className={`badge badge--${toneOf(payment)}`}>{payment.statusLabel}</span>;
}
