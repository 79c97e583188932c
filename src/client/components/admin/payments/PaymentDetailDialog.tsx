import type { AdminPayment } from '../../../../shared/admin-schemas';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { paymentMethodLabel, planLabel } from '../../../../shared/plans';
import { Button } from '../../ui/Button';
import { ModalDialog } from '../../ui/ModalDialog';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/** Everything the back office knows about a payment; of a card, only its brand and last four digits. */
export function PaymentDetailDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <PaymentStatusBadge key="status" payment={payment} />],
    ['Valor', formatMoney(payment.amount)],
    ['Assinante', payment.subscriber.fullName],
    ['E-mail', payment.subscriber.email],
    ['Método', paymentMethodLabel(payment.method)],
  ];
  if (payment.cardLast4) {
    rows.push(['Cartão', `${payment.cardBrand ?? 'Cartão'} •••• ${payment.cardLast4}`]);
  }
  rows.push(
    ['Plano', planLabel(payment.planType)],
    ['Descrição', payment.description],
    ['Criado em', formatDateTime(payment.createdAt)],
  );
  if (payment.paidAt) rows.push(['Pago em', formatDateTime(payment.paidAt)]);
  if (payment.failureReason) rows.push(['Motivo da falha', payment.failureReason]);
  if (payment.refundedAt) rows.push(['Reembolsado em', formatDateTime(payment.refundedAt)]);
  if (payment.refundReason) rows.push(['Motivo do reembolso', payment.refundReason]);
  if (payment.refundFailureReason) rows.push(['Reembolso recusado', payment.refundFailureReason]);
  rows.push(['Transação', payment.transactionId ?? '—'], ['ID', payment.id]);

  return (
    <ModalDialog
      title="Detalhes do pagamento"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      }
    >
      <dl className="details">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
