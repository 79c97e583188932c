/**
 * /checkout/old: the in-page checkout (docs/product/back-office-and-member-area.md §2) (card or PIX without leaving the site). The query
 * brings name, e-mail, amount (cents) and maybe a previous paymentId; the page asks for the rest.
 * The server decides whether the amount is a price it offers and talks to the provider.
 *
 * Card: tokenized in the browser with the provider's public key (the card never reaches our server,
 * ADR 020) → approved → confirmation e-mail → success alert → /checkout/success after 3 s.
 * PIX: QR code and copy-and-paste code, polled every 5 s until `completed` → /checkout/success.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  CHECKOUT_MSG,
  oldCheckoutForm,
  processPaymentPayloadOf,
  type OldCheckoutFormData,
  type OldCheckoutFormValues,
  type PixData,
  type ProcessPaymentInput,
} from '../../../shared/checkout-schemas';
import { formatMoney } from '../../../shared/format';
import { STATUS_POLL_MS } from '../../../shared/plans';
import { errorText, RefusedAnswer } from '../../lib/errors';
import { shouldRetryQuery, trpcClient } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { CardFields, EMPTY_CARD, type CardValues } from './CardFields';
import { currentCardTokenizer, tokenizeCard } from './card-tokenizer';
import { checkoutKeys, getPaymentStatus, processPayment, sendPaymentConfirmation } from './checkout-api';
import { CustomerFields } from './CustomerFields';
import { ErrorList } from './ErrorList';
import { OrderSummary } from './OrderSummary';
import { PixPayment } from './PixPayment';
import { prefillFromQuery } from './prefill';
import { validUntilFrom, type CheckoutSuccessState } from './success-state';
import { CHECKOUT_TEXT } from './texts';
import { useFormErrors } from './useFormErrors';

/** Time the card approval stays on screen before the receipt (docs/product/back-office-and-member-area.md §9). */
const CARD_REDIRECT_MS = 3000;
/** setTimeout's longest delay (about 24 days); a PIX code expires long before. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A payment the server accepted and that is waiting for the customer (PIX) or the provider. */
interface Awaiting {
  paymentId: string;
  pix?: PixData;
  /** The provider's answer was lost: the server's "em verificação" text, shown instead of "em análise". */
  verifying?: string;
  /** What the receipt will show once the payment completes (its validity is set then). */
  receipt: Omit<CheckoutSuccessState, 'validUntil'>;
}

export function InPageCheckout({
  query,
}: {
  query: { name?: string; email?: string; amount?: number; paymentId?: string };
}) {
  const navigate = useNavigate();
  const known = prefillFromQuery(query.name, query.email);
  const askName = !known.name;
  const askEmail = !known.email;
  const amount = query.amount;

  const form = useForm<OldCheckoutFormValues, unknown, OldCheckoutFormData>({
    resolver: zodResolver(oldCheckoutForm),
    defaultValues: {
      ...known,
      phone: '',
      cpf: '',
      ...EMPTY_ADDRESS,
      // Not an input: from the query, checked with the form (the list names it when missing).
      amount,
      paymentMethod: 'credit_card',
      ...EMPTY_CARD,
    },
    // The list above the form changes only when the person submits (see PaymentLinkCheckout).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [method, phone, cpf] = useWatch({ control: form.control, name: ['paymentMethod', 'phone', 'cpf'] });
  const { messages, errorsRef, showFailure, clearFailure } = useFormErrors(
    form.formState,
    amount ? null : CHECKOUT_MSG.amountMissing,
  );
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const [approved, setApproved] = useState<CheckoutSuccessState | null>(null);
  const pixHeadingRef = useRef<HTMLHeadingElement>(null);

  /** What the receipt shows: the customer as the server stores them (the accepted form). */
  const receipt = (
    data: OldCheckoutFormData,
    paymentId: string,
  ): Omit<CheckoutSuccessState, 'validUntil'> => ({
    customerName: data.name,
    customerEmail: data.email,
    paymentMethod: data.paymentMethod,
    paymentId,
    amount: data.amount,
  });

  const pay = useMutation({
    mutationFn: async ({
      body,
      card: typed,
    }: {
      data: OldCheckoutFormData;
      body: ProcessPaymentInput;
      card?: CardValues;
    }) => {
      let request = body;
      if (typed) {
        // The card goes to the provider (or the sandbox standing in for it); our server gets the token.
        const tokenizer = await currentCardTokenizer();
        if (!tokenizer) throw new RefusedAnswer(CHECKOUT_MSG.cardUnavailable);
        const cardToken = await tokenizeCard(tokenizer, typed);
        request = { ...body, paymentData: { ...body.paymentData, cardToken } };
      }
      const answer = await processPayment(trpcClient, request);
      if (!answer.success || answer.status === 'failed' || answer.status === 'cancelled') {
        throw new RefusedAnswer(answer.message || CHECKOUT_MSG.paymentFailed);
      }
      return answer;
    },
    onSuccess: async (answer, { data }) => {
      if (answer.status === 'completed') {
        // Card approved: the confirmation e-mail is a courtesy; the payment stands without it.
        const emailFailed = await sendPaymentConfirmation(trpcClient, answer.paymentId).then(
          () => false,
          (error: unknown) => {
            console.warn('E-mail de confirmação não enviado', error);
            return true;
          },
        );
        setApproved({
          ...receipt(data, answer.paymentId),
          // The server's stored end date (a renewal extends the current one); a year from now otherwise.
          validUntil: answer.subscriptionEndDate ?? validUntilFrom(null),
          ...(emailFailed ? { emailFailed } : {}),
        });
        return;
      }
      setAwaiting({
        paymentId: answer.paymentId,
        pix: answer.pixData,
        ...(answer.verifying ? { verifying: answer.message } : {}),
        receipt: receipt(data, answer.paymentId),
      });
    },
    onError: (error) => showFailure(errorText(error, CHECKOUT_MSG.paymentFailed)),
  });

  // A PIX code stops being payable at its expiry: from then on there is nothing to wait for.
  const pixExpiresAt = awaiting?.pix?.expiresAt;
  const [expiredCode, setExpiredCode] = useState<string | null>(null);
  useEffect(() => {
    if (!pixExpiresAt) return;
    const left = Date.parse(pixExpiresAt) - Date.now();
    const timer = setTimeout(() => setExpiredCode(pixExpiresAt), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [pixExpiresAt]);
  const pixExpired = pixExpiresAt !== undefined && expiredCode === pixExpiresAt;

  // Waiting for PIX (or a card the provider is still analysing): ask every 5 s until it settles,
  // the PIX code expires or the check fails (then the person asks again with "Verificar novamente").
  const status = useQuery({
    queryKey: checkoutKeys.paymentStatus(awaiting?.paymentId ?? ''),
    queryFn: ({ signal }) => getPaymentStatus(trpcClient, awaiting?.paymentId ?? '', signal),
    enabled: Boolean(awaiting),
    staleTime: 0,
    retry: shouldRetryQuery,
    refetchInterval: (q) =>
      q.state.status !== 'error' && !pixExpired && (!q.state.data || q.state.data.status === 'pending')
        ? STATUS_POLL_MS
        : false,
    // A phone that locks while the bank app pays must notice the payment on return.
    refetchIntervalInBackground: true,
  });
  const settled = awaiting ? status.data?.status : undefined;
  const paidAt = status.data?.paidAt;
  const endDate = status.data?.subscriptionEndDate;
  /** The awaited payment ended without being paid (PIX expired, card refused after analysis). */
  const settledUnpaid = settled !== undefined && settled !== 'pending' && settled !== 'completed';
  /** The status could not be checked (after the retries): polling stopped, the person decides. */
  const checkFailed = Boolean(awaiting) && status.isError && settled !== 'completed';
  const checkError = checkFailed ? errorText(status.error, CHECKOUT_MSG.statusCheckFailed) : undefined;
  const checkAgain = () => void status.refetch();

  // The PIX screen replaces the form: move focus to its heading so keyboard and screen-reader users land on it.
  const showingPix = Boolean(awaiting?.pix);
  useEffect(() => {
    if (showingPix) pixHeadingRef.current?.focus();
  }, [showingPix]);

  useEffect(() => {
    if (settled === 'completed' && awaiting) {
      const checkoutSuccess = { ...awaiting.receipt, validUntil: endDate ?? validUntilFrom(paidAt) };
      void navigate({ to: '/checkout/success', state: { checkoutSuccess }, replace: true });
    }
  }, [settled, paidAt, endDate, awaiting, navigate]);

  useEffect(() => {
    if (!approved) return;
    const timer = setTimeout(
      () => void navigate({ to: '/checkout/success', state: { checkoutSuccess: approved }, replace: true }),
      CARD_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [approved, navigate]);

  const submit = form.handleSubmit((data) => {
    clearFailure();
    setAwaiting(null);
    const body = processPaymentPayloadOf(data, query.paymentId);
    // By card, the card goes to the tokenizer, never into the body (ADR 020).
    const card =
      data.paymentMethod === 'credit_card'
        ? {
            cardNumber: data.cardNumber,
            cardHolderName: data.cardHolderName,
            expiryDate: data.expiryDate,
            cvv: data.cvv,
          }
        : undefined;
    pay.mutate({ data, body, ...(card ? { card } : {}) });
  }, clearFailure);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pay.isPending || approved) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

  const total = amount ? formatMoney(amount) : undefined;
  const summary = (
    <OrderSummary
      lines={[
        { label: 'Plano', value: 'Assinatura anual' },
        ...(known.name ? [{ label: 'Nome', value: known.name }] : []),
        ...(known.email ? [{ label: 'Email', value: known.email }] : []),
        ...(phone ? [{ label: 'Telefone', value: phone }] : []),
        ...(cpf ? [{ label: 'CPF', value: cpf }] : []),
        { label: 'Total', value: total ?? '—', total: true },
      ]}
    />
  );

  if (awaiting?.pix) {
    const failed = settledUnpaid || pixExpired ? CHECKOUT_TEXT.pixExpired : undefined;
    return (
      <>
        <h1 ref={pixHeadingRef} tabIndex={-1} className="co-title">
          Pagamento via PIX
        </h1>
        <div className="co-grid">
          <PixPayment
            pix={awaiting.pix}
            failed={failed}
            checkError={checkError}
            checking={status.isFetching}
            onCheckAgain={checkAgain}
            onRetry={() => {
              setAwaiting(null);
              pay.reset();
            }}
          />
          {summary}
        </div>
      </>
    );
  }

  const busy = pay.isPending || Boolean(approved) || (Boolean(awaiting) && !settledUnpaid && !checkFailed);
  return (
    <>
      <h1 className="co-title">Finalizar Assinatura</h1>
      <p className="co-subtitle">Pague com cartão de crédito ou PIX, sem sair da página.</p>
      <div className="co-grid">
        <FormProvider {...form}>
          <form className="card" onSubmit={onSubmit} noValidate aria-label="Pagamento da assinatura">
            <div ref={errorsRef} className="co-form-errors">
              <ErrorList errors={messages} />
              {approved && (
                <Alert tone="success">
                  {CHECKOUT_TEXT.cardApproved}
                  {approved.emailFailed && <> {CHECKOUT_TEXT.emailFailedNote}</>}
                </Alert>
              )}
              {awaiting &&
                (settledUnpaid ? (
                  <Alert>{CHECKOUT_MSG.paymentFailed}</Alert>
                ) : checkError ? (
                  <>
                    <Alert>{checkError}</Alert>
                    <Button
                      variant="secondary"
                      onClick={checkAgain}
                      loading={status.isFetching}
                      loadingLabel="Verificando..."
                    >
                      Verificar novamente
                    </Button>
                  </>
                ) : (
                  <Alert tone="info">
                    {awaiting.verifying ?? 'Pagamento em análise. Aguarde a confirmação...'}
                  </Alert>
                ))}
            </div>
            <CustomerFields askName={askName} askEmail={askEmail} disabled={busy} />
            <AddressFields disabled={busy} />
            <fieldset className="co-section" disabled={busy}>
              <legend>Forma de pagamento</legend>
              <div className="co-methods">
                <label className="co-method">
                  <input type="radio" value="credit_card" {...form.register('paymentMethod')} />
                  Cartão de crédito
                </label>
                <label className="co-method">
                  <input type="radio" value="pix" {...form.register('paymentMethod')} />
                  PIX
                </label>
              </div>
              {method === 'credit_card' ? (
                <CardFields />
              ) : (
                <p className="co-fineprint">
                  Ao finalizar, mostraremos o QR Code e o código PIX copia e cola.
                </p>
              )}
            </fieldset>
            <div className="co-form-footer">
              <Button
                type="submit"
                block
                loading={pay.isPending}
                loadingLabel="Processando..."
                disabled={!amount || busy}
              >
                {total ? `Finalizar Pagamento - ${total}` : 'Finalizar Pagamento'}
              </Button>
            </div>
          </form>
        </FormProvider>
        {summary}
      </div>
    </>
  );
}
