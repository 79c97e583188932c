/**
 * The subscriber form of the back office (docs/product/back-office-and-member-area.md §3, §5), create and edit modes: react-hook-form
 * with the server's own schema (`subscriberInput`), masks, CEP lookup, blocking errors at their
 * fields and non-blocking warnings, and a local draft in create mode. After a creation the record
 * is read back and compared with what was sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { FIELD_LIMITS } from '../../../../shared/fields/limits';
import { SETTINGS_SCREEN_MSG } from '../../../../shared/settings-schemas';
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES } from '../../../../shared/plans';
import { formStatusOptions } from '../../../../shared/subscriber-status-machine';
import {
  GENDER_LABELS,
  GENDERS,
  SHIRT_SIZES,
  SUBSCRIBER_MSG,
  subscriberInput,
  subscriberWarnings,
  type SubscriberInput,
  type SubscriberRecord,
} from '../../../../shared/subscriber-schemas';
import { errorText } from '../../../lib/errors';
import { CPF_INPUT, PHONE_INPUT } from '../../../lib/masks';
import { trpc } from '../../../lib/trpc';
import { useDebounced } from '../../../lib/use-debounced';
import { CepField } from '../../address/CepField';
import { CepQuestion } from '../../address/CepQuestion';
import { formAddress, RECORD_ADDRESS_PATHS } from '../../address/form-address';
import { useCepAutofill } from '../../address/useCepAutofill';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageLoading } from '../../ui/PageLoading';
import { useDialogDirty } from '../../ui/Dialog';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard';
import { MaskedFormField } from '../../ui/MaskedFormField';
import { TextField } from '../../ui/TextField';
import { SelectField, TextAreaField } from '../../ui/TextField';
import { Options } from '../../ui/Options';
import { PriceField } from './PriceField';
import { drafts, emptyForm, formStateOf, keepStoredInstants, type FormState } from './subscriber-form-values';
import { fieldsOf } from '../../ui/field-of';

/** Fields compared after a creation (what the form sent against what the server kept). */
const CHECKED_FIELDS = [
  'fullName',
  'email',
  'phone',
  'cpf',
  'birthDate',
  'gender',
  'profession',
  'shirtSize',
  'winePreference',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'zipCode',
  'status',
  'subscriptionPrice',
  'adminNotes',
] as const;

const DRAFT_SAVE_MS = 500;
const DRAFT_FEEDBACK_MS = 2000;

/** Field errors the server sent back (zod's flattened errors), if any. */
function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { zodError?: { fieldErrors?: Record<string, string[]> } | null } | undefined;
  return data?.zodError?.fieldErrors ?? {};
}

interface SubscriberFormProps {
  mode: 'create' | 'edit';
  subscriber?: SubscriberRecord;
  onSaved: (record: SubscriberRecord) => void;
  onCancel: () => void;
}

/**
 * A new record starts at the annual price of Configurações, read from the club's settings (the same
 * query as the settings screen, so a price just saved there is the one shown): the form waits for it.
 */
export function SubscriberForm(props: SubscriberFormProps) {
  const creating = props.mode === 'create';
  const settings = trpc.settings.get.useQuery(undefined, { enabled: creating });
  if (!creating) return <SubscriberFormFields {...props} annualPrice={null} />;
  if (settings.isError) return <Alert>{errorText(settings.error, SETTINGS_SCREEN_MSG.loadFailed)}</Alert>;
  if (!settings.data) return <PageLoading />;
  return <SubscriberFormFields {...props} annualPrice={settings.data.settings.priceAnnual} />;
}

function SubscriberFormFields({
  mode,
  subscriber,
  onSaved,
  onCancel,
  annualPrice,
}: SubscriberFormProps & { annualPrice: number | null }) {
  const newForm = emptyForm(annualPrice ?? 0);
  const utils = trpc.useUtils();
  const create = trpc.subscribers.create.useMutation();
  const update = trpc.subscribers.update.useMutation();
  const [summary, setSummary] = useState<string | null>(null);
  const [draft, setDraft] = useState<FormState | null>(() =>
    mode === 'create' ? drafts.load(newForm.subscriptionPrice) : null,
  );
  const [draftLoaded, setDraftLoaded] = useState(false);
  // Remounts the fields that keep their own text (the price) when a draft replaces the values.
  const [version, setVersion] = useState(0);

  const form = useForm<FormState, unknown, SubscriberInput>({
    resolver: zodResolver(subscriberInput),
    defaultValues: subscriber ? formStateOf(subscriber) : newForm,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const field = fieldsOf(register, errors);
  // An edit's unsaved changes: the dialog's Escape and close button, and leaving the page, ask first
  // (ADR 033). A new record's typing is kept as a draft instead (below), offered at the next opening.
  const unsaved = mode === 'edit' && isDirty;
  useDialogDirty(unsaved);
  const values = useWatch({ control }) as FormState;
  const warnings = subscriberWarnings(values);

  // Create mode: the form is kept as a draft while the admin types (saved once typing pauses for
  // half a second, and at once when the form closes or the page goes away, so nothing typed is lost).
  const unsavedDraft = useRef<FormState | null>(null);
  const flushDraft = useCallback(() => {
    if (unsavedDraft.current) drafts.save(unsavedDraft.current);
    unsavedDraft.current = null;
  }, []);
  useEffect(() => {
    if (mode === 'create') unsavedDraft.current = values;
  }, [mode, values]);
  const pausedValues = useDebounced(values, DRAFT_SAVE_MS);
  useEffect(flushDraft, [pausedValues, flushDraft]);
  useEffect(() => {
    window.addEventListener('pagehide', flushDraft);
    return () => {
      window.removeEventListener('pagehide', flushDraft);
      flushDraft();
    };
  }, [flushDraft]);

  useEffect(() => {
    if (!draftLoaded) return;
    const timer = window.setTimeout(() => setDraftLoaded(false), DRAFT_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [draftLoaded]);

  // The CEP is looked up only when the person changes it, and a different stored address is
  // replaced only on their word (ADR 033).
  const cep = useCepAutofill(formAddress(form, RECORD_ADDRESS_PATHS));

  function loadDraft() {
    if (!draft) return;
    reset(draft);
    setVersion((n) => n + 1);
    setDraft(null);
    setDraftLoaded(true);
  }

  function onInvalid(fieldErrors: FieldErrors<FormState>) {
    const messages = [
      ...new Set(
        Object.values(fieldErrors)
          .map((error) => error?.message)
          .filter(Boolean),
      ),
    ];
    const text = `${SUBSCRIBER_MSG.validationPrefix}${messages.join('; ')}`;
    setSummary(text);
    toast.error(text);
  }

  async function onValid(input: SubscriberInput) {
    setSummary(null);
    if (mode === 'edit') {
      if (!subscriber) {
        toast.error(SUBSCRIBER_MSG.noneSelected);
        return;
      }
      if (!subscriber.id) {
        toast.error(SUBSCRIBER_MSG.idMissing);
        return;
      }
    }
    try {
      if (mode === 'create') {
        const created = await create.mutateAsync(input);
        unsavedDraft.current = null;
        drafts.clear();
        const saved = await utils.subscribers.get.fetch({ id: created.subscriberId });
        const differs = CHECKED_FIELDS.some((field) => (saved[field] ?? null) !== (input[field] ?? null));
        if (differs) toast.warning(SUBSCRIBER_MSG.notAllSaved);
        else toast.success(SUBSCRIBER_MSG.created);
        onSaved(saved);
      } else if (subscriber) {
        const updated = await update.mutateAsync({
          id: subscriber.id,
          ...keepStoredInstants(input, subscriber),
        });
        // The view opened next shows what was saved, not the copy read before the edit.
        utils.subscribers.get.setData({ id: subscriber.id }, updated.subscriber);
        // A member's new e-mail waits for its confirmation (ADR 027): the answer says so.
        toast.success(updated.message);
        void utils.subscribers.access.invalidate({ id: subscriber.id });
        onSaved(updated.subscriber);
      }
      void utils.subscribers.list.invalidate();
      void utils.subscribers.history.invalidate();
    } catch (error) {
      const fallback = mode === 'create' ? SUBSCRIBER_MSG.createFailed : SUBSCRIBER_MSG.updateFailed;
      const reason = errorText(error, fallback);
      // A field the server refuses shows its message at the field.
      const fieldErrors = serverFieldErrors(error);
      for (const [field, messages] of Object.entries(fieldErrors)) {
        if (messages[0]) setError(field as keyof FormState, { message: messages[0] });
      }
      if (/email/i.test(reason) && /cadastrado/i.test(reason)) setError('email', { message: reason });
      setSummary(reason === fallback ? fallback : `${fallback}: ${reason}`);
      toast.error(fallback, reason === fallback ? undefined : { description: reason });
    }
  }

  const busy = isSubmitting || create.isPending || update.isPending;
  // An edit offers only the moves the status machine lets the form make from the stored status.
  const statusOptions =
    subscriber && mode === 'edit' ? formStatusOptions(subscriber.status) : SUBSCRIBER_STATUSES;

  return (
    <form
      className="sub-form"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      aria-label={mode === 'create' ? 'Novo assinante' : 'Editar assinante'}
    >
      <UnsavedChangesGuard dirty={unsaved && !isSubmitting} />
      {mode === 'create' && draft && (
        <div className="alert alert--info sub-form__draft">
          <span>Há um rascunho salvo deste formulário.</span>
          <span className="sub-form__draft-actions">
            <Button size="sm" variant="secondary" onClick={loadDraft}>
              Carregar rascunho
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                unsavedDraft.current = null;
                drafts.clear();
                setDraft(null);
              }}
            >
              Descartar
            </Button>
          </span>
        </div>
      )}
      {draftLoaded && (
        <div className="alert alert--success" role="status">
          {SUBSCRIBER_MSG.draftLoaded}
        </div>
      )}
      {summary && (
        <div className="alert alert--error" role="alert">
          {summary}
        </div>
      )}

      <fieldset className="sub-form__group">
        <legend>Dados pessoais</legend>
        <div className="sub-form__grid">
          <TextField label="Nome completo" autoComplete="off" required {...field('fullName')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register('email', {
              setValueAs: (value: string) => value.trim().toLowerCase(),
            })}
          />
          <MaskedFormField control={control} name="phone" label="Telefone" required {...PHONE_INPUT} />
          <MaskedFormField control={control} name="cpf" label="CPF" {...CPF_INPUT} />
          <TextField label="Data de nascimento" type="date" {...field('birthDate')} />
          <SelectField
            label="Gênero"
            error={errors.gender?.message}
            {...register('gender', { setValueAs: (value: string) => value || null })}
          >
            <option value="">Não informado</option>
            <Options values={GENDERS} labels={GENDER_LABELS} />
          </SelectField>
          <TextField label="Profissão" {...field('profession')} />
          <SelectField label="Tamanho da camiseta" {...field('shirtSize')}>
            <Options values={SHIRT_SIZES} />
          </SelectField>
        </div>
        <TextAreaField label="Preferência de vinho" {...field('winePreference')} />
      </fieldset>

      <fieldset className="sub-form__group">
        <legend>Endereço</legend>
        <div className="sub-form__grid">
          <CepField control={control} name="zipCode" lookup={cep} />
          <TextField label="Endereço" {...field('address')} />
          <TextField label="Número" {...field('number')} />
          <TextField label="Complemento" {...field('complement')} />
          <TextField label="Bairro" {...field('neighborhood')} />
          <TextField label="Cidade" {...field('city')} />
          <TextField
            label="Estado (UF)"
            maxLength={FIELD_LIMITS.state}
            autoCapitalize="characters"
            {...field('state')}
          />
        </div>
        <CepQuestion question={cep.question} />
      </fieldset>

      <fieldset className="sub-form__group">
        <legend>Assinatura</legend>
        <div className="sub-form__grid">
          <SelectField label="Status" required {...field('status')}>
            <Options values={statusOptions} labels={SUBSCRIBER_STATUS_LABELS} />
          </SelectField>
          <Controller
            control={control}
            name="subscriptionPrice"
            render={({ field, fieldState }) => (
              <PriceField
                key={version}
                cents={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextField label="Início da assinatura" type="date" {...field('subscriptionStartDate')} />
          <TextField label="Término da assinatura" type="date" {...field('subscriptionEndDate')} />
        </div>
        <TextAreaField label="Observações internas" {...field('adminNotes')} />
      </fieldset>

      {warnings.length > 0 && (
        <div className="alert sub-form__warnings" role="status">
          <strong>Atenção (não impede salvar):</strong>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="sub-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" loading={busy} loadingLabel="Salvando...">
          {mode === 'create' ? 'Criar assinante' : 'Salvar alterações'}
        </Button>
      </div>
    </form>
  );
}
