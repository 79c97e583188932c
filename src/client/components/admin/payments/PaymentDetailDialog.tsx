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
const refundable = (payment: AdminPayment) =>
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
 * The refund of an extra charge, through the same refund path (ADR 030): the first click asks,
 * naming the amount and that it goes back to the member's card or account; the answer shows in the
 * dialog itself (a toast would sit under the dialog's overlay, unseen).
 */
function RefundExtraButton({ payment }: { payment: AdminPayment }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const refund = trpc.payments.refundExtraCharge.useMutation({
    onSuccess: async (result) => {
      setDone(result.message);
      setConfirming(false);
      await Promise.all([
        utils.payments.list.invalidate(),
        utils.payments.detail.invalidate(),
        utils.payments.dashboard.invalidate(),
      ]);
    },
  });
  const failure = refund.error && (
    <Alert>{errorText(refund.error, ADMIN_MSG.refundFailed, ADMIN_MSG.refundProcessFailed)}</Alert>
  );
  if (done) return <Alert tone="success">{done}</Alert>;
  if (!payment.extraCharge || !refundable(payment)) return null;
  const label = REFUND_LABEL[payment.extraCharge];
  if (!confirming) {
    return (
      <>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            refund.reset();
            setConfirming(true);
          }}
          aria-label={`${label} de ${formatMoney(payment.amount)}`}
        >
          {label}
        </Button>
        {failure}
      </>
    );
  }
  return (
    <div className="cell-stack" role="group" aria-label="Confirmar reembolso">
      <p>{ADMIN_MSG.refundExtraQuestion(formatMoney(payment.amount))}</p>
      <div className="row-actions">
        <Button
          size="sm"
          className="btn--danger"
          onClick={() => refund.mutate({ paymentId: payment.id })}
          loading={refund.isPending}
          loadingLabel="Reembolsando..."
        >
          Confirmar reembolso de {formatMoney(payment.amount)}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={refund.isPending}
          onClick={() => setConfirming(false)}
        >
          Voltar
        </Button>
      </div>
      {failure}
    </div>
  );
}

/**
 * The other decision on an extra charge: the club keeps the money, which counts as revenue from
 * then on. Asked once more before it is done, like the refund; the answer shows in the dialog.
 */
function KeepExtraButton({ payment }: { payment: AdminPayment }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const keep = trpc.payments.keepExtraCharge.useMutation({
    onSuccess: async (result) => {
      setDone(result.message);
      setConfirming(false);
      await Promise.all([
        utils.payments.list.invalidate(),
        utils.payments.detail.invalidate(),
        utils.payments.dashboard.invalidate(),
      ]);
    },
  });
  const failure = keep.error && <Alert>{errorText(keep.error, ADMIN_MSG.keepExtraFailed)}</Alert>;
  if (done) return <Alert tone="success">{done}</Alert>;
  if (!refundable(payment)) return null;
  if (!confirming) {
    return (
      <>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            keep.reset();
            setConfirming(true);
          }}
          aria-label={`Manter cobrança extra de ${formatMoney(payment.amount)}`}
        >
          Manter cobrança extra
        </Button>
        {failure}
      </>
    );
  }
  return (
    <div className="cell-stack" role="group" aria-label="Confirmar cobrança extra mantida">
      <p>{ADMIN_MSG.keepExtraQuestion(formatMoney(payment.amount))}</p>
      <div className="row-actions">
        <Button
          size="sm"
          onClick={() => keep.mutate({ paymentId: payment.id })}
          loading={keep.isPending}
          loadingLabel="Mantendo..."
        >
          Confirmar: manter {formatMoney(payment.amount)}
        </Button>
        <Button variant="secondary" size="sm" disabled={keep.isPending} onClick={() => setConfirming(false)}>
          Voltar
        </Button>
      </div>
      {failure}
    </div>
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
            <RefundExtraButton payment={extra} />
            <KeepExtraButton payment={extra} />
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
          <RefundExtraButton payment={current} />
          <KeepExtraButton payment={current} />
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
