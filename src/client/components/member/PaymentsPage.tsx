import { formatDate, formatMoney } from '../../../shared/format';
import { MEMBER_MSG } from '../../../shared/member-schemas';
import { paymentMethodLabel, planLabel } from '../../../shared/plans';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageLoading } from '../ui/PageLoading';
import { MemberGate } from './MemberGate';

const toneOf = (status: string) => (status === 'paid' ? 'good' : status === 'pending' ? undefined : 'bad');

/** "Pagamentos": the member's own payments with DECISIONS §4's labels (real data, not the old mock). */
export function PaymentsPage() {
  return (
    <section className="member-section member-stack" aria-labelledby="member-section-title">
      <h1 id="member-section-title">Pagamentos</h1>
      <MemberGate>{() => <PaymentsList />}</MemberGate>
    </section>
  );
}

function PaymentsList() {
  const list = trpc.member.payments.useQuery();
  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <div className="member-stack">
        <Alert>{errorText(list.error, MEMBER_MSG.paymentsFailed)}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Tentar novamente
          </Button>
        </div>
      </div>
    );
  }
  const payments = list.data.payments;
  if (payments.length === 0) return <EmptyState>Nenhum pagamento registrado.</EmptyState>;
  return (
    <div className="member-table-wrap" role="region" aria-label="Histórico de pagamentos" tabIndex={0}>
      <table className="member-table">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Descrição</th>
            <th scope="col">Plano</th>
            <th scope="col">Forma</th>
            <th scope="col">Valor</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDate(payment.date)}</td>
              <td>{payment.description}</td>
              <td>{planLabel(payment.planType)}</td>
              <td>
                {paymentMethodLabel(payment.method)}
                {payment.cardLast4 ? ` •••• ${payment.cardLast4}` : ''}
              </td>
              <td>{formatMoney(payment.amount)}</td>
              <td>
                <span className="member-badge" data-tone={toneOf(payment.status)}>
                  {payment.statusLabel}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
