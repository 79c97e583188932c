/**
 * /checkout when the person already has a payment in verification (ADR 030): no link was
 * made and nothing was charged. The page shows that payment (an in-page attempt whose answer was
 * lost, or a payment link past its deadline whose answer the provider has not given) and follows its
 * status (every 5 s, as the in-page checkout and the tracking page do) until the provider answers.
 *
 * Loaded with the answer that shows it (PaymentLinkCheckout): /checkout opens without the data layer
 * and has no query provider (ADR 055), so the polling uses the layer's cache, given by the form.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutPaymentStatus, HeldBackAttempt, HeldBackLink } from '../../../shared/checkout-schemas';
import { paymentLinkStatusLabel, paymentStatusLabel, STATUS_POLL_MS } from '../../../shared/plans';
import { shouldRetryQuery } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import type { DataLayer } from '../../lib/data-layer';
import { checkoutKeys, getPaymentLinkStatus, getPaymentStatus } from './checkout-api';

/** The payment's status as the back office names it ("Em verificação", "Pago", "Falhou"…). */
export function attemptStatusLabel(status: CheckoutPaymentStatus, verifying: boolean | undefined): string {
  return paymentStatusLabel(status === 'completed' ? 'paid' : status, null, {
    verifyingSince: verifying ?? null,
  });
}

/** Polled while pending (a link: while its answer is awaited too), stopped on an error. */
const pollWhilePending = (state: { status: string; data?: { status: string } }) =>
  state.status !== 'error' && (!state.data || state.data.status === 'pending') ? STATUS_POLL_MS : false;

/** The held-back in-page attempt's status, from GET /payments/status/:id. */
function useAttemptLabel(layer: DataLayer, paymentId: string | null, initial: boolean): string | null {
  const status = useQuery(
    {
      queryKey: checkoutKeys.paymentStatus(paymentId ?? ''),
      queryFn: ({ signal }) => getPaymentStatus(layer.trpcClient, paymentId ?? '', signal),
      enabled: paymentId !== null,
      staleTime: 0,
      retry: shouldRetryQuery,
      refetchInterval: (q) => pollWhilePending(q.state),
    },
    layer.queryClient,
  );
  if (paymentId === null) return null;
  return status.data
    ? attemptStatusLabel(status.data.status, status.data.verifying)
    : attemptStatusLabel('pending', initial);
}

/** The held-back link's status, from the tracking page's answer (which asks the provider). */
function useLinkLabel(layer: DataLayer, linkId: string | null): string | null {
  const status = useQuery(
    {
      queryKey: checkoutKeys.linkStatus(linkId ?? ''),
      queryFn: ({ signal }) => getPaymentLinkStatus(layer.trpcClient, linkId ?? '', signal),
      enabled: linkId !== null,
      staleTime: 0,
      retry: shouldRetryQuery,
      refetchInterval: (q) => pollWhilePending(q.state),
    },
    layer.queryClient,
  );
  if (linkId === null) return null;
  return status.data
    ? paymentLinkStatusLabel(status.data.status, status.data.verifying)
    : paymentLinkStatusLabel('pending', true);
}

export function HeldBackPayment({
  attempt,
  layer,
}: {
  attempt: HeldBackAttempt | HeldBackLink;
  /** The data layer the form loaded to send: its client and cache poll the status. */
  layer: DataLayer;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the news so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);
  const paymentLabel = useAttemptLabel(
    layer,
    'paymentId' in attempt ? attempt.paymentId : null,
    attempt.verifying,
  );
  const linkLabel = useLinkLabel(layer, 'paymentLinkId' in attempt ? attempt.paymentLinkId : null);
  const label = paymentLabel ?? linkLabel;

  return (
    <section className="card co-result" aria-labelledby="pagamento-em-verificacao">
      <h1 id="pagamento-em-verificacao" ref={headingRef} tabIndex={-1} className="co-title">
        Pagamento em verificação
      </h1>
      <Alert tone="info">{attempt.message}</Alert>
      <p className="co-subtitle">
        Situação do pagamento: <strong>{label}</strong>
      </p>
    </section>
  );
}
