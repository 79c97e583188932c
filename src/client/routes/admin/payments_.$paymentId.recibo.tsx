import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../components/receipts/ReceiptPage';

/** Any payment's receipt, from the payment's "Detalhes". */
export const Route = createFileRoute('/admin/payments_/$paymentId/recibo')({
  component: function AdminReceipt() {
    const { paymentId } = Route.useParams();
    return <ReceiptPage paymentId={paymentId} back="/admin/payments" />;
  },
});
