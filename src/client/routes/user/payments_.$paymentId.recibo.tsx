import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../components/receipts/ReceiptPage';

/** A payment's receipt, from "Pagamentos" (outside its list, so the list is not drawn behind it). */
export const Route = createFileRoute('/user/payments_/$paymentId/recibo')({
  component: function MemberReceipt() {
    const { paymentId } = Route.useParams();
    return <ReceiptPage paymentId={paymentId} back="/user/payments" />;
  },
});
