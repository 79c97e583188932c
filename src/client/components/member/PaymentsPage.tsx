import { formatDate, formatMoney } from '../../../shared/format';
import { MEMBER_MSG } from '../../../shared/member-schemas';
import { paymentMethodLabel, planLabel } from '../../../shared/plans';
import { hasReceipt } from '../../../shared/receipt';
import { Link } from '@tanstack/react-router';
import { errorText } from '../../lib/errors';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import { trpc } from '../../lib/trpc';

type RouterOutputs = inferRouterOutputs<AppRouter>;
import { LoadFailed } from '../ui/LoadFailed';
import { DataTable, type Column } from '../ui/DataTable';
import { PageLoading } from '../ui/PageLoading';
import { MemberGate } from './MemberGate';

const toneOf = (status: string) => (status === 'paid' ? 'good' : status === 'pending' ? undefined : 'bad');

/** "Pagamentos": the member's own payments with docs/product/decisions.md §4's labels (real data, not the old mock). */
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
      <LoadFailed
        message={errorText(list.error, MEMBER_MSG.paymentsFailed)}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <DataTable
      caption="Histórico de pagamentos"
      columns={PAYMENT_COLUMNS}
      rows={list.data.payments}
      rowKey={(payment) => payment.id}
      empty="Nenhum pagamento registrado."
    />
  );
}

type MemberPayment = RouterOutputs['member']['payments']['payments'][number];

/** The payment's service invoice: its number, opening the city's page when there is one. */
function InvoiceNumber({ payment }: { payment: MemberPayment }) {
  const invoice = payment.invoice;
  if (!invoice) return null;
  const text = `NFS-e nº ${invoice.number}${invoice.cancelled ? ' (cancelada)' : ''}`;
  if (!invoice.url) return <span>{text}</span>;
  return (
    <a
      href={invoice.url}
      target="_blank"
      rel="noreferrer"
      aria-label={`Ver nota fiscal nº ${invoice.number} do pagamento de ${formatDate(payment.date)}`}
    >
      {text}
    </a>
  );
}

const PAYMENT_COLUMNS: Column<MemberPayment>[] = [
  { key: 'date', header: 'Data', cell: (payment) => formatDate(payment.date) },
  { key: 'description', header: 'Descrição', rowHeader: true, cell: (payment) => payment.description },
  { key: 'plan', header: 'Plano', cell: (payment) => planLabel(payment.planType) },
  {
    key: 'method',
    header: 'Forma',
    cell: (payment) =>
      `${paymentMethodLabel(payment.method)}${payment.cardLast4 ? ` •••• ${payment.cardLast4}` : ''}`,
  },
  { key: 'amount', header: 'Valor', numeric: true, cell: (payment) => formatMoney(payment.amount) },
  {
    key: 'status',
    header: 'Status',
    cell: (payment) => (
      <span className="member-badge" data-tone={toneOf(payment.status)}>
        {payment.statusLabel}
      </span>
    ),
  },
  {
    key: 'receipt',
    header: 'Recibo',
    cell: (payment) =>
      hasReceipt(payment) ? (
        <span className="cell-stack">
          <Link
            to="/user/payments/$paymentId/recibo"
            params={{ paymentId: payment.id }}
            aria-label={`Ver recibo do pagamento de ${formatDate(payment.date)}`}
          >
            Ver recibo
          </Link>
          {payment.invoice && <InvoiceNumber payment={payment} />}
        </span>
      ) : (
        '—'
      ),
  },
];
