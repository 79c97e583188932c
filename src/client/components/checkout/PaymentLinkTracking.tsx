/**
 * /checkout/payment-link-success: follows one payment link (docs/product/public-site-and-checkout.md §2, §4). It asks the server
 * every 5 seconds while the link is pending — and only then — and shows paid, expired, pending or
 * the error view with retry.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { CHECKOUT_MSG, type PaymentLinkStatusResponse } from '../../../shared/checkout-schemas';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { STATUS_POLL_MS, planLabel, VERIFYING_LABEL } from '../../../shared/plans';
import { errorText, failureStatus } from '../../lib/errors';
import { shouldRetryQuery, trpcClient } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import { checkoutKeys, getPaymentLinkStatus } from './checkout-api';
import { SummaryLines } from './SummaryLines';

/** An answer the server gave on purpose (404 unknown link, 400): asking again changes nothing. */
const isPermanent = (error: unknown) => {
  const status = failureStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

/** Drawn, not an emoji: an emoji shows as an empty box where no emoji font is installed. */
function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ResultCard({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone?: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card co-result" aria-labelledby="status-title">
      <div
        className={tone ? `co-result__icon co-result__icon--${tone}` : 'co-result__icon'}
        aria-hidden="true"
      >
        {icon}
      </div>
      <h1 id="status-title" className="co-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

export function PaymentLinkTracking({ paymentLinkId }: { paymentLinkId: string | undefined }) {
  const status = useQuery({
    queryKey: checkoutKeys.linkStatus(paymentLinkId ?? ''),
    queryFn: ({ signal }) => getPaymentLinkStatus(trpcClient, paymentLinkId ?? '', signal),
    enabled: Boolean(paymentLinkId),
    staleTime: 0,
    // An answer from the server (404, 400…) will not change by asking again at once.
    retry: shouldRetryQuery,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? STATUS_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  if (!paymentLinkId) {
    return (
      <ResultCard icon="!" tone="error" title="Erro na Verificação">
        <Alert>{CHECKOUT_MSG.paymentLinkIdMissing}</Alert>
        <div className="co-actions">
          <Link to="/" className={buttonClass('secondary', { block: true })}>
            Voltar ao Início
          </Link>
        </div>
      </ResultCard>
    );
  }

  const data = status.data;
  if (!data) {
    if (status.isError) {
      return (
        <ResultCard icon="!" tone="error" title="Erro na Verificação">
          <Alert>{errorText(status.error, CHECKOUT_MSG.statusCheckFailed)}</Alert>
          <div className="co-actions co-actions--row">
            {/* An unknown link stays unknown: asking again helps only when the server was not reached. */}
            {isPermanent(status.error) ? (
              <Link to="/checkout" search={{}} className={buttonClass('primary')}>
                Ir para o Checkout
              </Link>
            ) : (
              <Button
                onClick={() => void status.refetch()}
                loading={status.isFetching}
                loadingLabel="Verificando..."
              >
                Tentar Novamente
              </Button>
            )}
            <Link to="/" className={buttonClass('secondary')}>
              Voltar ao Início
            </Link>
          </div>
        </ResultCard>
      );
    }
    return <PageLoading label="Verificando Pagamento..." />;
  }

  // Polite live region: a change from pending to paid or expired is announced to screen readers.
  return (
    <div aria-live="polite">
      <StatusView data={data} refetch={() => status.refetch()} failedRefresh={status.isError} />
    </div>
  );
}

function StatusView({
  data,
  refetch,
  failedRefresh,
}: {
  data: PaymentLinkStatusResponse;
  refetch: () => Promise<unknown>;
  /** The last refresh failed while an earlier answer is still on screen. */
  failedRefresh: boolean;
}) {
  // Only the person's own click shows "Verificando..." (the 5-second polls stay quiet).
  const [checking, setChecking] = useState(false);
  const checkNow = () => {
    setChecking(true);
    void refetch().finally(() => setChecking(false));
  };
  const details = [
    { label: 'Nome', value: data.customerName },
    { label: 'Email', value: data.customerEmail },
    { label: 'Plano', value: planLabel(data.planType) },
  ];

  switch (data.status) {
    case 'paid':
      return (
        <ResultCard icon="✓" tone="success" title="Pagamento Confirmado!">
          <p className="co-subtitle">
            {/* A renewal is a member staying, not arriving. */}
            {data.planType === 'renewal' ? 'Obrigado por renovar!' : 'Bem-vindo(a) à confraria!'} Seu
            pagamento foi confirmado.
          </p>
          <SummaryLines
            lines={[
              ...details,
              { label: 'Valor pago', value: formatMoney(data.amount) },
              { label: 'Pago em', value: data.paidAt ? formatDateTime(data.paidAt) : '—' },
            ]}
          />
          <Alert tone="info">
            As informações de acesso ao grupo VIP foram enviadas para o seu e-mail ({data.customerEmail}).
          </Alert>
          <div className="co-actions co-actions--row">
            <Link to="/login" className={buttonClass('primary')}>
              Acessar Minha Conta
            </Link>
            <Link to="/" className={buttonClass('secondary')}>
              Voltar ao Início
            </Link>
          </div>
        </ResultCard>
      );
    case 'cancelled':
    case 'expired': {
      const cancelled = data.status === 'cancelled';
      return (
        <ResultCard
          icon={<ClockIcon />}
          tone="error"
          title={cancelled ? 'Link de Pagamento Cancelado' : 'Link de Pagamento Expirado'}
        >
          <p className="co-subtitle">
            {cancelled
              ? 'Este link de pagamento foi cancelado pelo clube e não aceita mais pagamentos.'
              : 'Este link de pagamento não é mais válido. Gere um novo link para concluir sua assinatura.'}
          </p>
          <SummaryLines lines={[...details, { label: 'Valor', value: formatMoney(data.amount) }]} />
          <div className="co-actions">
            <Link to="/checkout" className={buttonClass('primary', { block: true })}>
              Gerar Novo Link de Pagamento
            </Link>
          </div>
        </ResultCard>
      );
    }
    case 'pending':
      if (data.verifying) {
        // Past its 48 hours: the provider is asked whether it was paid before anything is decided.
        return (
          <ResultCard icon="…" title="Pagamento em verificação">
            <p className="co-subtitle">
              O prazo deste link terminou e estamos confirmando com o provedor de pagamento se ele foi pago.
              Não pague de novo: esta página mostra o resultado assim que ele chegar.
            </p>
            <SummaryLines
              lines={[
                ...details,
                { label: 'Valor', value: formatMoney(data.amount) },
                { label: 'Situação', value: VERIFYING_LABEL },
              ]}
            />
            <p className="co-fineprint co-note" role="note">
              Esta página verifica o pagamento automaticamente a cada 5 segundos.
            </p>
          </ResultCard>
        );
      }
      return (
        <ResultCard icon="…" title="Aguardando Pagamento">
          <p className="co-subtitle">Assim que o pagamento for confirmado, esta página será atualizada.</p>
          {data.lastAttemptFailed && (
            <Alert>
              A última tentativa de pagamento não foi aprovada. Você pode tentar novamente pelo mesmo link até
              que ele expire.
            </Alert>
          )}
          {failedRefresh && (
            <Alert tone="info">Não foi possível atualizar agora. Tentaremos de novo em instantes.</Alert>
          )}
          <SummaryLines
            lines={[
              ...details,
              { label: 'Valor', value: formatMoney(data.amount) },
              { label: 'Link válido até', value: formatDateTime(data.expiresAt) },
            ]}
          />
          <div className="co-actions co-actions--row">
            <a className={buttonClass('primary')} href={data.url} target="_blank" rel="noopener noreferrer">
              {data.lastAttemptFailed ? 'Tentar Pagar Novamente' : 'Abrir Link de Pagamento'}
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
            <Button variant="secondary" onClick={checkNow} loading={checking} loadingLabel="Verificando...">
              Verificar Agora
            </Button>
          </div>
          <p className="co-fineprint co-note" role="note">
            Esta página verifica o pagamento automaticamente a cada 5 segundos.
          </p>
        </ResultCard>
      );
  }
}
