/**
 * /checkout/old: the in-page checkout of spec 02 (card or PIX without leaving the site). The query
 * brings name, e-mail, amount (cents) and maybe a previous paymentId; the page asks for the rest.
 * The server decides whether the amount is a price it offers and talks to the provider.
 *
 * Card: approved → confirmation e-mail → success alert → /checkout/success after 3 s.
 * PIX: QR code and copy-and-paste code, polled every 5 s until `completed` → /checkout/success.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CHECKOUT_MSG,
  oldCheckoutFormErrors,
  type CepAddress,
  type PixData,
  type ProcessPaymentInput,
} from '../../../shared/checkout-schemas';
import { formatMoney } from '../../../shared/format';
import { STATUS_POLL_MS, type PaymentMethod } from '../../../shared/plans';
import { ApiError } from '../../lib/api';
import { CPF_MASK, PHONE_MASK } from '../../lib/masks';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import { AddressFields, EMPTY_ADDRESS, mergeCepAddress, type AddressValues } from './AddressFields';
import { CardFields, EMPTY_CARD, type CardValues } from './CardFields';
import { checkoutKeys, getPaymentStatus, processPayment, sendPaymentConfirmation } from './checkout-api';
import { ErrorList } from './ErrorList';
import { PixPayment } from './PixPayment';
import { prefillFromQuery } from './prefill';
import { validUntilFrom, type CheckoutSuccessState } from './success-state';
import { SummaryLines } from './SummaryLines';
import { CHECKOUT_TEXT } from './texts';

/** Time the card approval stays on screen before the receipt (spec 02 §9). */
const CARD_REDIRECT_MS = 3000;

interface CustomerValues extends AddressValues {
  name: string;
  email: string;
  phone: string;
  cpf: string;
}

/** A payment the server accepted and that is waiting for the customer (PIX) or the provider. */
interface Awaiting {
  paymentId: string;
  pix?: PixData;
  /** What the receipt will show once the payment completes (its validity is set then). */
  receipt: Omit<CheckoutSuccessState, 'validUntil'>;
}

/** The payment was refused or failed: the provider's reason when there is one (spec 02 §8). */
class PaymentRefused extends Error {}

function paymentError(error: unknown): string {
  if (error instanceof PaymentRefused && error.message) return error.message;
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | null;
    if (typeof body?.error === 'string' && body.error) return body.error;
  }
  return CHECKOUT_MSG.paymentFailed;
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

  const [customer, setCustomer] = useState<CustomerValues>({
    ...known,
    phone: '',
    cpf: '',
    ...EMPTY_ADDRESS,
  });
  const [method, setMethod] = useState<PaymentMethod>('credit_card');
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<string[]>(amount ? [] : [CHECKOUT_MSG.amountMissing]);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const [approved, setApproved] = useState<CheckoutSuccessState | null>(null);
  const errorsRef = useRef<HTMLDivElement>(null);

  const updateCustomer = (patch: Partial<CustomerValues>) =>
    setCustomer((current) => ({ ...current, ...patch }));
  const onAddressFound = (address: CepAddress) => setCustomer((current) => mergeCepAddress(current, address));

  const receipt = (
    paymentId: string,
    paidMethod: PaymentMethod,
  ): Omit<CheckoutSuccessState, 'validUntil'> => ({
    customerName: customer.name.trim(),
    customerEmail: customer.email.trim(),
    paymentMethod: paidMethod,
    paymentId,
    amount: amount ?? 0,
  });

  const showErrors = (list: string[]) => {
    setErrors(list);
    requestAnimationFrame(() => errorsRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
  };

  const pay = useMutation({
    mutationFn: async (body: ProcessPaymentInput) => {
      const answer = await processPayment(body);
      if (!answer.success || answer.status === 'failed' || answer.status === 'cancelled') {
        throw new PaymentRefused(answer.error || answer.message || CHECKOUT_MSG.paymentFailed);
      }
      return answer;
    },
    onSuccess: async (answer, body) => {
      if (answer.status === 'completed') {
        // Card approved: the confirmation e-mail is a courtesy; the payment stands without it.
        const emailFailed = await sendPaymentConfirmation(answer.paymentId).then(
          () => false,
          (error: unknown) => {
            console.warn('E-mail de confirmação não enviado', error);
            return true;
          },
        );
        setApproved({
          ...receipt(answer.paymentId, body.paymentMethod),
          // The server's stored end date (a renewal extends the current one); a year from now otherwise.
          validUntil: answer.subscriptionEndDate ?? validUntilFrom(null),
          ...(emailFailed ? { emailFailed } : {}),
        });
        return;
      }
      setAwaiting({
        paymentId: answer.paymentId,
        pix: answer.pixData,
        receipt: receipt(answer.paymentId, body.paymentMethod),
      });
    },
    onError: (error) => showErrors([paymentError(error)]),
  });

  // Waiting for PIX (or a card the provider is still analysing): ask every 5 s until it settles.
  const status = useQuery({
    queryKey: checkoutKeys.paymentStatus(awaiting?.paymentId ?? ''),
    queryFn: ({ signal }) => getPaymentStatus(awaiting?.paymentId ?? '', signal),
    enabled: Boolean(awaiting),
    staleTime: 0,
    refetchInterval: (q) => (!q.state.data || q.state.data.status === 'pending' ? STATUS_POLL_MS : false),
    // A phone that locks while the bank app pays must notice the payment on return.
    refetchIntervalInBackground: true,
  });
  const settled = awaiting ? status.data?.status : undefined;
  const paidAt = status.data?.paidAt;
  const endDate = status.data?.subscriptionEndDate;
  /** The awaited payment ended without being paid (PIX expired, card refused after analysis). */
  const settledUnpaid = settled !== undefined && settled !== 'pending' && settled !== 'completed';

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending || approved) return;
    const found = oldCheckoutFormErrors({
      ...customer,
      amount,
      paymentMethod: method,
      ...(method === 'credit_card' ? card : {}),
    });
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    setErrors([]);
    setAwaiting(null);
    pay.mutate({
      paymentMethod: method,
      customerData: {
        name: customer.name.trim(),
        email: customer.email.trim(),
        phone: customer.phone,
        cpf: customer.cpf,
        address: {
          street: customer.street.trim(),
          number: customer.number.trim(),
          complement: customer.complement.trim(),
          neighborhood: customer.neighborhood.trim(),
          city: customer.city.trim(),
          state: customer.state,
          zipCode: customer.cep,
        },
      },
      paymentData: { amount, ...(method === 'credit_card' ? { cardData: card } : {}) },
      ...(query.paymentId ? { paymentId: query.paymentId } : {}),
    });
  };

  const total = amount ? formatMoney(amount) : undefined;
  const summary = (
    <aside className="co-grid__aside card co-summary" aria-labelledby="resumo-pedido">
      <h2 id="resumo-pedido">Resumo do pedido</h2>
      <SummaryLines
        lines={[
          { label: 'Plano', value: 'Assinatura anual' },
          ...(known.name ? [{ label: 'Nome', value: known.name }] : []),
          ...(known.email ? [{ label: 'Email', value: known.email }] : []),
          ...(customer.phone ? [{ label: 'Telefone', value: customer.phone }] : []),
          ...(customer.cpf ? [{ label: 'CPF', value: customer.cpf }] : []),
          { label: 'Total', value: total ?? '—', total: true },
        ]}
      />
    </aside>
  );

  if (awaiting?.pix) {
    const failed = settledUnpaid ? CHECKOUT_TEXT.pixExpired : undefined;
    return (
      <>
        <h1 className="co-title">Pagamento via PIX</h1>
        <div className="co-grid">
          <PixPayment
            pix={awaiting.pix}
            failed={failed}
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

  const busy = pay.isPending || Boolean(approved) || (Boolean(awaiting) && !settledUnpaid);
  return (
    <>
      <h1 className="co-title">Finalizar Assinatura</h1>
      <p className="co-subtitle">Pague com cartão de crédito ou PIX, sem sair da página.</p>
      <div className="co-grid">
        <form className="card" onSubmit={onSubmit} noValidate aria-label="Pagamento da assinatura">
          <div ref={errorsRef} className="co-form-errors">
            <ErrorList errors={errors} />
            {approved && (
              <Alert tone="success">
                {CHECKOUT_TEXT.cardApproved}
                {approved.emailFailed && <> {CHECKOUT_TEXT.emailFailedNote}</>}
              </Alert>
            )}
            {awaiting &&
              (settledUnpaid ? (
                <Alert>{CHECKOUT_MSG.paymentFailed}</Alert>
              ) : (
                <Alert tone="info">Pagamento em análise. Aguarde a confirmação...</Alert>
              ))}
          </div>
          <fieldset className="co-section" disabled={busy}>
            <legend>Seus dados</legend>
            {askName && (
              <TextField
                label="Nome completo"
                name="name"
                autoComplete="name"
                aria-required="true"
                value={customer.name}
                onChange={(event) => updateCustomer({ name: event.target.value })}
              />
            )}
            {askEmail && (
              <TextField
                label="Email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-required="true"
                value={customer.email}
                onChange={(event) => updateCustomer({ email: event.target.value })}
              />
            )}
            <div className="co-row co-row--2">
              <MaskedTextField
                label="Telefone / WhatsApp"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(11) 99999-9999"
                mask={PHONE_MASK}
                aria-required="true"
                value={customer.phone}
                onAccept={(phone) => updateCustomer({ phone })}
              />
              <MaskedTextField
                label="CPF"
                name="cpf"
                inputMode="numeric"
                placeholder="000.000.000-00"
                mask={CPF_MASK}
                aria-required="true"
                value={customer.cpf}
                onAccept={(cpf) => updateCustomer({ cpf })}
              />
            </div>
          </fieldset>
          <AddressFields
            values={customer}
            onChange={updateCustomer}
            onAddressFound={onAddressFound}
            disabled={busy}
          />
          <fieldset className="co-section" disabled={busy}>
            <legend>Forma de pagamento</legend>
            <div className="co-methods">
              <label className="co-method">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="credit_card"
                  checked={method === 'credit_card'}
                  onChange={() => setMethod('credit_card')}
                />
                Cartão de crédito
              </label>
              <label className="co-method">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="pix"
                  checked={method === 'pix'}
                  onChange={() => setMethod('pix')}
                />
                PIX
              </label>
            </div>
            {method === 'credit_card' ? (
              <CardFields
                values={card}
                onChange={(patch) => setCard((current) => ({ ...current, ...patch }))}
              />
            ) : (
              <p className="co-fineprint">Ao finalizar, mostraremos o QR Code e o código PIX copia e cola.</p>
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
        {summary}
      </div>
    </>
  );
}
