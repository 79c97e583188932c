/**
 * /checkout: the annual-plan form that creates a payment link (docs/product/public-site-and-checkout.md §2, §5). Editing →
 * submitting → link created; an error returns to editing; "Criar Novo Link" starts over.
 * react-hook-form checks the form with `checkoutForm`, whose field schemas are the server's
 * (`createPublicLinkInput`): every failing message is listed at once and nothing is sent until the
 * form is valid.
 *
 * The page opens without the data layer (ADR 055): the form loads it on first focus or send, and
 * the held-back screen arrives with the answer that shows it.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { CHECKOUT_MSG, checkoutPayloadOf, usableReferralCode } from '../../../shared/checkout-rules';
import type {
  CheckoutFormData,
  CheckoutFormValues,
  HeldBackAttempt,
  HeldBackLink,
} from '../../../shared/checkout-schemas';
import { formatMoney } from '../../../shared/format';
import { useDataLayer, type DataLayer } from '../../lib/data-layer';
import { errorText } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { Button } from '../ui/Button';
import { AddressFields, EMPTY_ADDRESS } from './AddressFields';
import { countReferralClick, createPaymentLink } from './checkout-api';
import { readPreviousLink, saveCheckoutData, type PreviousLink } from './checkout-data';
import { CustomerFields } from './CustomerFields';
import { ErrorList } from './ErrorList';
import { OrderSummary } from './OrderSummary';
import { PaymentLinkActions, PaymentLinkCreated } from './PaymentLinkCreated';
import { prefillFromQuery } from './prefill';
import { CHECKOUT_TEXT, MEMBER_RENEWAL_PATH } from './texts';
import { useFormErrors } from './useFormErrors';

const emptyForm = (): CheckoutFormValues => ({
  name: '',
  email: '',
  phone: '',
  document: '',
  ...EMPTY_ADDRESS,
});

/** A referral code worth sending: well formed, otherwise ignored (a bad link must not block a purchase). */
const usableReferral = usableReferralCode;

/** The form's zod schema arrives with the first focus or submit, not with the page. */
const resolver = lazyResolver(() => import('./form-resolvers').then((module) => module.checkoutResolver));

/** The answer of a send: the link made, or the person's payment still in verification. */
type CreateAnswer = Awaited<ReturnType<typeof createPaymentLink>>;

/** The held-back screen, loaded with the answer that shows it, and the layer that polls its status. */
interface HeldBack {
  Screen: ComponentType<{ attempt: HeldBackAttempt | HeldBackLink; layer: DataLayer }>;
  layer: DataLayer;
}

/** Codes already counted by this page load (StrictMode and remounts must not count twice). */
const countedReferrals = new Set<string>();

export function PaymentLinkCheckout({
  query,
  priceCents,
}: {
  query: { name?: string; email?: string; ref?: string };
  /** The annual price the server offers (settings), only for display: the server decides the charge. */
  priceCents: number;
}) {
  const form = useForm<CheckoutFormValues, unknown, CheckoutFormData>({
    resolver,
    defaultValues: { ...emptyForm(), ...prefillFromQuery(query.name, query.email) },
    // The list above the form changes only when the person submits (it is an alert: it would be
    // announced again at every key); the focus is moved by useFormErrors, once the marks are there.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { handleSubmit, reset, getValues } = form;
  const { messages, errorsRef, showFailure, clearFailure } = useFormErrors(form.formState);
  const formRef = useRef<HTMLFormElement>(null);
  /** "Criar Novo Link" was pressed this many times: each time the new form's first field gets focus. */
  const [restarts, setRestarts] = useState(0);
  /** The link this browser created last, still valid: Back from "Link Criado" finds it again. */
  const [previous, setPrevious] = useState<PreviousLink | null>(() => readPreviousLink());
  const ref = usableReferral(query.ref);
  const price = formatMoney(priceCents);
  const dataLayer = useDataLayer();
  /** The send under way, and its answer (the link, or the held-back payment with its screen). */
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreateAnswer | null>(null);
  const [heldBack, setHeldBack] = useState<HeldBack | null>(null);

  useEffect(() => {
    if (!ref || countedReferrals.has(ref)) return;
    countedReferrals.add(ref);
    dataLayer
      .load()
      .then(({ trpcClient }) => countReferralClick(trpcClient, ref))
      .catch((error: unknown) => console.warn('Clique de indicação não registrado', error));
  }, [dataLayer, ref]);

  useEffect(() => {
    if (restarts > 0) formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [restarts]);

  const submit = handleSubmit(async (data) => {
    clearFailure();
    const typed = getValues();
    setPending(true);
    try {
      // The page opens without the data layer (ADR 055): the send loads it, if the focus has not.
      const layer = await dataLayer.load();
      // A refusal is an error with the server's message; an answer is always `success: true`.
      // Or, without a link, the payment of this person still in verification (nothing charged).
      const answer = await createPaymentLink(layer.trpcClient, checkoutPayloadOf(data, ref));
      if ('paymentLink' in answer) {
        // checkout_data keeps the fields as the person typed them (docs/product/public-site-and-checkout.md §3).
        saveCheckoutData({ ...typed, planType: 'annual' }, answer.paymentLink);
      } else {
        const { HeldBackPayment } = await import('./HeldBackPayment');
        setHeldBack({ Screen: HeldBackPayment, layer });
      }
      setCreated(answer);
    } catch (error) {
      // The server's error or "Erro ao criar link…"; unreachable server: "Erro interno…" (docs/product/public-site-and-checkout.md §8).
      showFailure(errorText(error, CHECKOUT_MSG.createLinkFailed, CHECKOUT_MSG.internalError));
    } finally {
      setPending(false);
    }
  }, clearFailure);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };

  if (created && !('paymentLink' in created)) {
    return heldBack && <heldBack.Screen attempt={created} layer={heldBack.layer} />;
  }
  if (created) {
    return (
      <PaymentLinkCreated
        link={created.paymentLink}
        priceCents={priceCents}
        onReset={() => {
          setCreated(null);
          setHeldBack(null);
          clearFailure();
          // Starting over on purpose: the form alone, without the offer of the link just made.
          setPrevious(null);
          reset(emptyForm());
          setRestarts((count) => count + 1);
        }}
      />
    );
  }

  return (
    <>
      <h1 className="co-title">Assinatura Anual</h1>
      <p className="co-subtitle">
        Preencha seus dados para gerar o link de pagamento seguro. Você paga com cartão de crédito ou PIX.
      </p>
      <p className="co-top-total">
        <span>Total do plano anual</span>
        <strong>{`${price}/ano`}</strong>
      </p>
      <p className="co-member-hint">
        {`${CHECKOUT_TEXT.memberHintQuestion} `}
        <Link to="/login" search={{ redirect: MEMBER_RENEWAL_PATH }}>
          {CHECKOUT_TEXT.memberHintLink}
        </Link>
      </p>
      {previous && <PreviousLinkOffer link={previous} />}
      <div className="co-grid">
        <FormProvider {...form}>
          <form
            ref={formRef}
            className="card"
            onSubmit={onSubmit}
            // The checks and the data layer arrive while the form is filled in, not with the page.
            onFocus={() => {
              resolver.preload();
              dataLayer.load().catch(() => undefined);
            }}
            noValidate
            aria-label="Dados para o link de pagamento"
          >
            <div ref={errorsRef} className="co-form-errors">
              <ErrorList errors={messages} />
            </div>
            <CustomerFields cpfName="document" disabled={pending} />
            <AddressFields disabled={pending} />
            <div className="co-form-footer">
              <Button type="submit" block loading={pending} loadingLabel="Gerando Link...">
                {`Gerar Link de Pagamento - ${price}/ano`}
              </Button>
              <p className="co-fineprint">
                Você será levado a uma página de pagamento segura. Seus dados são usados apenas para a sua
                assinatura.
              </p>
            </div>
          </form>
        </FormProvider>
        <OrderSummary
          lines={[
            { label: 'Plano', value: 'Anual' },
            { label: 'Acesso', value: '12 meses' },
            { label: 'Total', value: `${price}/ano`, total: true },
          ]}
        >
          <ul className="co-benefits">
            <li>Grupo VIP de confrades</li>
            <li>Degustações e encontros exclusivos</li>
            <li>Cancele quando quiser</li>
          </ul>
        </OrderSummary>
      </div>
    </>
  );
}

/** The link created earlier in this browser, offered before the form (ADR 022). */
function PreviousLinkOffer({ link }: { link: PreviousLink }) {
  return (
    <section className="alert alert--info co-previous" aria-label="Link de pagamento já criado">
      <p>
        <strong>
          {link.name
            ? `Você já criou um link de pagamento para ${link.name}.`
            : 'Você já criou um link de pagamento.'}
        </strong>{' '}
        Ele continua disponível: abra-o para pagar ou acompanhe o status. Para um novo pedido, preencha o
        formulário abaixo.
      </p>
      <div className="co-actions co-actions--row">
        <PaymentLinkActions link={link} />
      </div>
    </section>
  );
}
