import { useState } from 'react';
import { ADMIN_MSG, type AdminPayment, type AdminPaymentDetail } from '../../../../shared/admin-schemas';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { paymentMethodLabel, planLabel } from '../../../../shared/plans';
import { hasReceipt } from '../../../../shared/receipt';
import { Link } from '@tanstack/react-router';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PageLoading } from '../../ui/PageLoading';
import { InvoiceSection } from './InvoiceSection';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { DetailList } from './DetailList';

/** An extra charge the owner has still to decide: paid, not kept, no refund under way. */
const undecided = (payment: AdminPayment) =>
  payment.extraCharge !== null &&
  payment.status === 'paid' &&
  payment.extraChargeKeptAt === null &&
  payment.refundStatus !== 'processing';

const REFUND_LABEL = {
  duplicate: 'Reembolsar cobrança duplicada',
  underpaid: 'Reembolsar valor recebido a menor',
  overpaid: 'Reembolsar valor recebido a mais',
  cancelled_link: 'Reembolsar pagamento de link cancelado',
} as const;

/**
 * The owner's decision on an extra charge (ADR 030, ADR 054): refund it through the same refund
 * path, or keep it as the club's money (revenue from then on). Either is asked once more, naming
 * the amount, and while one is being confirmed the other is hidden: one decision at a time. The
 * answer shows in the dialog itself (a toast would sit under the dialog's overlay, unseen).
 */
function ExtraChargeDecision({ payment }: { payment: AdminPayment }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState<'refund' | 'keep' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const decided = {
    onSuccess: async (result: { message: string }) => {
      setDone(result.message);
      setConfirming(null);
      await Promise.all([
        utils.payments.list.invalidate(),
        utils.payments.detail.invalidate(),
        utils.payments.dashboard.invalidate(),
      ]);
    },
  };
  const refund = trpc.payments.refundExtraCharge.useMutation(decided);
  const keep = trpc.payments.keepExtraCharge.useMutation(decided);
  const pending = refund.isPending || keep.isPending;
  const failure =
    (refund.error && (
      <Alert>{errorText(refund.error, ADMIN_MSG.refundFailed, ADMIN_MSG.refundProcessFailed)}</Alert>
    )) ||
    (keep.error && <Alert>{errorText(keep.error, ADMIN_MSG.keepExtraFailed)}</Alert>);
  if (done) return <Alert tone="success">{done}</Alert>;
  if (!payment.extraCharge || !undecided(payment)) return null;
  const amount = formatMoney(payment.amount);
  const refundLabel = REFUND_LABEL[payment.extraCharge];
  const ask = (choice: 'refund' | 'keep') => {
    refund.reset();
    keep.reset();
    setConfirming(choice);
  };
  const back = (
    <Button variant="secondary" size="sm" disabled={pending} onClick={() => setConfirming(null)}>
      Voltar
    </Button>
  );

  if (confirming === 'refund') {
    return (
      <div className="cell-stack" role="group" aria-label="Confirmar reembolso">
        <p>{ADMIN_MSG.refundExtraQuestion(amount)}</p>
        <div className="row-actions">
          <Button
            size="sm"
            className="btn--danger"
            onClick={() => refund.mutate({ paymentId: payment.id })}
            loading={refund.isPending}
            loadingLabel="Reembolsando..."
          >
            Confirmar reembolso de {amount}
          </Button>
          {back}
        </div>
        {failure}
      </div>
    );
  }
  if (confirming === 'keep') {
    return (
      <div className="cell-stack" role="group" aria-label="Confirmar cobrança extra mantida">
        <p>{ADMIN_MSG.keepExtraQuestion(amount)}</p>
        <div className="row-actions">
          <Button
            size="sm"
            onClick={() => keep.mutate({ paymentId: payment.id })}
            loading={keep.isPending}
            loadingLabel="Mantendo..."
          >
            Confirmar: manter {amount}
          </Button>
          {back}
        </div>
        {failure}
      </div>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => ask('refund')}
        aria-label={`${refundLabel} de ${amount}`}
      >
        {refundLabel}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => ask('keep')}
        aria-label={`Manter cobrança extra de ${amount}`}
      >
        Manter cobrança extra
      </Button>
      {failure}
    </>
  );
}

function ProviderSection({ detail }: { detail: AdminPaymentDetail }) {
  const { payment } = detail;
  const rows: [string, string][] = [
    ['Pedido no provedor', payment.providerOrderId ?? '—'],
    ['Cobrança no provedor', payment.providerChargeId ?? '—'],
  ];
  if (payment.attempts > 0) rows.push(['Tentativas', String(payment.attempts)]);
  if (payment.paymentLinkId) rows.push(['Link de pagamento', payment.paymentLinkId]);
  if (payment.extraChargeOf) rows.push(['Cobrança extra do pagamento', payment.extraChargeOf]);
  return (
    <section aria-labelledby="payment-provider-heading">
      <h3 id="payment-provider-heading" className="detail-heading">
        No provedor
      </h3>
      <DetailList rows={rows} />
    </section>
  );
}

function ExtraChargesSection({ extras }: { extras: AdminPayment[] }) {
  if (extras.length === 0) return null;
  return (
    <section aria-labelledby="payment-extra-heading">
      <h3 id="payment-extra-heading" className="detail-heading">
        Cobranças extras
      </h3>
      <ul className="detail-list">
        {extras.map((extra) => (
          <li key={extra.id} className="detail-list__item">
            <div className="cell-stack">
              <span>
                <PaymentStatusBadge payment={extra} /> {formatMoney(extra.amount)}
              </span>
              <span className="muted">
                {formatDateTime(extra.date)} · {extra.transactionId ?? extra.id}
              </span>
            </div>
            <ExtraChargeDecision payment={extra} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HistorySection({ detail }: { detail: AdminPaymentDetail }) {
  return (
    <section aria-labelledby="payment-history-heading">
      <h3 id="payment-history-heading" className="detail-heading">
        Histórico
      </h3>
      {detail.history.length === 0 ? (
        <p className="muted">Nenhum evento registrado.</p>
      ) : (
        <ol className="detail-list">
          {detail.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="detail-list__item detail-list__item--stack">
              <span className="muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.sourceLabel}
              </span>
              <span>{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Everything the back office knows about a payment; of a card, only its brand and last four digits.
 * Below, what the provider calls it (order and charge ids), the attempts, extra charges with their
 * one-click refund and the payment's history (ADR 030): "was I charged twice?" answered here.
 */
export function PaymentDetailDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const query = trpc.payments.detail.useQuery({ paymentId: payment.id });
  const current = query.data?.payment ?? payment;
  const rows: [string, React.ReactNode][] = [
    ['Status', <PaymentStatusBadge key="status" payment={current} />],
    ['Valor', formatMoney(current.amount)],
    ['Assinante', current.subscriber.fullName],
    ['E-mail', current.subscriber.email],
    ['Método', paymentMethodLabel(current.method)],
  ];
  if (current.cardLast4) {
    rows.push(['Cartão', `${current.cardBrand ?? 'Cartão'} •••• ${current.cardLast4}`]);
  }
  rows.push(
    ['Plano', planLabel(current.planType)],
    ['Descrição', current.description],
    ['Criado em', formatDateTime(current.createdAt)],
  );
  if (current.paidAt) rows.push(['Pago em', formatDateTime(current.paidAt)]);
  if (current.failureReason) rows.push(['Motivo da falha', current.failureReason]);
  if (current.extraChargeKeptAt) {
    rows.push(['Cobrança extra mantida em', formatDateTime(current.extraChargeKeptAt)]);
  }
  if (current.refundedAt) rows.push(['Reembolsado em', formatDateTime(current.refundedAt)]);
  if (current.refundReason) rows.push(['Motivo do reembolso', current.refundReason]);
  if (current.refundFailureReason) rows.push(['Reembolso recusado', current.refundFailureReason]);
  rows.push(['Transação', current.transactionId ?? '—'], ['ID', current.id]);
  if (hasReceipt(current)) {
    rows.push([
      'Recibo',
      <Link key="receipt" to="/admin/payments/$paymentId/recibo" params={{ paymentId: current.id }}>
        Abrir recibo
      </Link>,
    ]);
  }

  return (
    <Dialog
      title="Detalhes do pagamento"
      onClose={onClose}
      footer={
        <>
          <ExtraChargeDecision payment={current} />
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
        </>
      }
    >
      <DetailList rows={rows} />
      {query.isPending && <PageLoading label="Carregando histórico..." />}
      {query.isError && <Alert>{ADMIN_MSG.detailLoadFailed}</Alert>}
      {query.data && (
        <>
          <ProviderSection detail={query.data} />
          <InvoiceSection detail={query.data} />
          <ExtraChargesSection extras={query.data.extraCharges} />
          <HistorySection detail={query.data} />
        </>
      )}
    </Dialog>
  );
}
