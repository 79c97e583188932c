/**
 * /checkout: the annual-plan form that creates a payment link (spec 01 §2, §5). Editing →
 * submitting → link created; an error returns to editing; "Criar Novo Link" starts over.
 * Every failing message is listed at once and nothing is sent until the form is valid.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CHECKOUT_MSG,
  checkoutFormErrors,
  referralCodeField,
  type CepAddress,
  type CheckoutFormValues,
  type CreatePublicLinkInput,
} from '../../../shared/checkout-schemas';
import { formatMoney } from '../../../shared/format';
import { ApiError } from '../../lib/api';
import { CPF_MASK, PHONE_MASK } from '../../lib/masks';
import { Button } from '../ui/Button';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import { AddressFields, EMPTY_ADDRESS, mergeCepAddress, type AddressValues } from './AddressFields';
import { countReferralClick, createPaymentLink } from './checkout-api';
import { saveCheckoutData } from './checkout-data';
import { ErrorList } from './ErrorList';
import { PaymentLinkCreated } from './PaymentLinkCreated';
import { prefillFromQuery } from './prefill';
import { SummaryLines } from './SummaryLines';

type FormValues = CheckoutFormValues & AddressValues;

const emptyForm = (): FormValues => ({
  name: '',
  email: '',
  phone: '',
  document: '',
  ...EMPTY_ADDRESS,
  planType: 'annual',
});

/** A referral code worth sending: well formed, otherwise ignored (a bad link must not block a purchase). */
function usableReferral(ref: string | undefined): string | undefined {
  if (!ref) return undefined;
  const parsed = referralCodeField.safeParse(ref);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

/** Codes already counted by this page load (StrictMode and remounts must not count twice). */
const countedReferrals = new Set<string>();

function toPayload(values: FormValues, ref: string | undefined): CreatePublicLinkInput {
  return {
    customerName: values.name.trim(),
    customerEmail: values.email.trim(),
    customerPhone: values.phone,
    customerDocument: values.document,
    customerCep: values.cep,
    customerNumber: values.number.trim(),
    customerComplement: values.complement.trim(),
    customerStreet: values.street.trim(),
    customerNeighborhood: values.neighborhood.trim(),
    customerCity: values.city.trim(),
    customerState: values.state,
    planType: 'annual',
    ...(ref ? { ref } : {}),
  };
}

/** The server answered without creating the link (`success: false`). */
class LinkRefused extends Error {}

/** The screen's message for a failed creation (spec 01 §8). */
function creationError(error: unknown): string {
  if (error instanceof LinkRefused) return error.message;
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | null;
    return typeof body?.error === 'string' && body.error ? body.error : CHECKOUT_MSG.createLinkFailed;
  }
  // Network failures and bugs: never show a browser's raw text.
  return CHECKOUT_MSG.internalError;
}

export function PaymentLinkCheckout({
  query,
  priceCents,
}: {
  query: { name?: string; email?: string; ref?: string };
  /** The annual price the server offers (settings), only for display: the server decides the charge. */
  priceCents: number;
}) {
  const [values, setValues] = useState<FormValues>(() => ({
    ...emptyForm(),
    ...prefillFromQuery(query.name, query.email),
  }));
  const [errors, setErrors] = useState<string[]>([]);
  const errorsRef = useRef<HTMLDivElement>(null);
  const ref = usableReferral(query.ref);
  const price = formatMoney(priceCents);

  useEffect(() => {
    if (!ref || countedReferrals.has(ref)) return;
    countedReferrals.add(ref);
    countReferralClick(ref).catch((error: unknown) =>
      console.warn('Clique de indicação não registrado', error),
    );
  }, [ref]);

  const create = useMutation({
    mutationFn: async (form: FormValues) => {
      const answer = await createPaymentLink(toPayload(form, ref));
      if (!answer.success) throw new LinkRefused(answer.error || CHECKOUT_MSG.createLinkFailed);
      return answer.paymentLink;
    },
    onSuccess: (link, form) => saveCheckoutData({ ...form, planType: 'annual' }, link.id),
  });

  const showErrors = (list: string[]) => {
    setErrors(list);
    // Bring the list into view on small screens; role="alert" announces it.
    requestAnimationFrame(() => errorsRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
  };

  const update = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }));
  const onAddressFound = (address: CepAddress) => setValues((current) => mergeCepAddress(current, address));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = checkoutFormErrors(values);
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    setErrors([]);
    create.mutate(values, { onError: (error) => showErrors([creationError(error)]) });
  };

  if (create.data) {
    return (
      <PaymentLinkCreated
        link={create.data}
        priceCents={priceCents}
        onReset={() => {
          create.reset();
          setErrors([]);
          setValues(emptyForm());
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
      <div className="co-grid">
        <form className="card" onSubmit={onSubmit} noValidate aria-label="Dados para o link de pagamento">
          <div ref={errorsRef} className="co-form-errors">
            <ErrorList errors={errors} />
          </div>
          <fieldset className="co-section" disabled={create.isPending}>
            <legend>Seus dados</legend>
            <TextField
              label="Nome completo"
              name="name"
              autoComplete="name"
              aria-required="true"
              value={values.name}
              onChange={(event) => update({ name: event.target.value })}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              aria-required="true"
              value={values.email}
              onChange={(event) => update({ email: event.target.value })}
            />
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
                value={values.phone}
                onAccept={(phone) => update({ phone })}
              />
              <MaskedTextField
                label="CPF"
                name="document"
                inputMode="numeric"
                placeholder="000.000.000-00"
                mask={CPF_MASK}
                aria-required="true"
                value={values.document}
                onAccept={(cpf) => update({ document: cpf })}
              />
            </div>
          </fieldset>
          <AddressFields
            values={values}
            onChange={update}
            onAddressFound={onAddressFound}
            disabled={create.isPending}
          />
          <div className="co-form-footer">
            <Button type="submit" block loading={create.isPending} loadingLabel="Gerando Link...">
              {`Gerar Link de Pagamento - ${price}/ano`}
            </Button>
            <p className="co-fineprint">
              Você será levado a uma página de pagamento segura. Seus dados são usados apenas para a sua
              assinatura.
            </p>
          </div>
        </form>
        <aside className="co-grid__aside card co-summary" aria-labelledby="resumo-pedido">
          <h2 id="resumo-pedido">Resumo do pedido</h2>
          <SummaryLines
            lines={[
              { label: 'Plano', value: 'Anual' },
              { label: 'Acesso', value: '12 meses' },
              { label: 'Total', value: `${price}/ano`, total: true },
            ]}
          />
          <ul className="co-benefits">
            <li>Grupo VIP de confrades</li>
            <li>Degustações e encontros exclusivos</li>
            <li>Cancele quando quiser</li>
          </ul>
        </aside>
      </div>
    </>
  );
}
