/**
 * /checkout when the person already has a payment in verification (issue 36; ADR 030): no link was
 * made and nothing was charged. The page shows that payment and follows its status (every 5 s, as
 * the in-page checkout does) until the provider answers.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutPaymentStatus, HeldBackAttempt } from '../../../shared/checkout-schemas';
import { paymentStatusLabel, STATUS_POLL_MS } from '../../../shared/plans';
import { shouldRetryQuery } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { checkoutKeys, getPaymentStatus } from './checkout-api';

/** The payment's status as the back office names it ("Em verificação", "Pago", "Falhou"…). */
export function attemptStatusLabel(status: CheckoutPaymentStatus, verifying: boolean | undefined): string {
  return paymentStatusLabel(status === 'completed' ? 'paid' : status, null, {
    verifyingSince: verifying ?? null,
  });
}

export function HeldBackPayment({ attempt }: { attempt: HeldBackAttempt }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the news so keyboard and screen-reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);
  const status = useQuery({
    queryKey: checkoutKeys.paymentStatus(attempt.paymentId),
    queryFn: ({ signal }) => getPaymentStatus(attempt.paymentId, signal),
    staleTime: 0,
    retry: shouldRetryQuery,
    refetchInterval: (q) =>
      q.state.status !== 'error' && (!q.state.data || q.state.data.status === 'pending')
        ? STATUS_POLL_MS
        : false,
  });
  const current = status.data ?? attempt;
  const label = attemptStatusLabel(current.status, current.verifying);

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
