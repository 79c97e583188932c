import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  changePasswordInput,
  MEMBER_MSG,
  memberProfileInput,
  type ChangePasswordFormValues,
  type MemberProfile,
  type MemberProfileFormValues,
  type MemberProfileInput,
  type MemberSubscription,
} from '../../../shared/member-schemas';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { GENDER_LABELS, GENDERS, SHIRT_SIZES } from '../../../shared/subscriber-schemas';
import { formatDate, formatDateTime } from '../../../shared/format';
import { saoPauloCalendarDay } from '../../../shared/sao-paulo-time';
import { errorText } from '../../lib/errors';
import { CPF_INPUT, PHONE_INPUT } from '../../lib/masks';
import { refineStrongPassword } from '../../lib/password-check';
import { trpc } from '../../lib/trpc';
import { addressFormValues, formatCpf, formatPhone } from '../admin/subscribers/subscriber-form-values';
import { CepField } from '../address/CepField';
import { CepQuestion } from '../address/CepQuestion';
import { formAddress, RECORD_ADDRESS_PATHS } from '../address/form-address';
import { useCepAutofill } from '../address/useCepAutofill';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import { MaskedFormField } from '../ui/MaskedFormField';
import { Options } from '../ui/Options';
import { PasswordStrengthMeter } from '../ui/PasswordStrengthMeter';
import { CurrentPasswordField, PasswordField, SelectField, TextAreaField, TextField } from '../ui/TextField';
import { ContactCards } from './ContactCards';
import { useRefreshMember } from './member-data';
import { MemberGate } from './MemberGate';
import { ReasonConfirmForm } from './ReasonConfirmForm';
import { fieldsOf } from '../ui/field-of';
import { SubmitActions } from '../ui/SubmitActions';
import { UnsavedChangesGuard } from '../ui/UnsavedChangesGuard';

/** "Meu Perfil": own data, e-mail and password, and the LGPD rights (export, deletion request). */
export function ProfilePage() {
  return (
    <section className="member-section member-stack" aria-labelledby="member-section-title">
      <h1 id="member-section-title">Meu Perfil</h1>
      <MemberGate>
        {(subscription) => (
          <>
            <ProfileData />
            <ContactCards />
            <PasswordForm />
            <PrivacyCard subscription={subscription} />
          </>
        )}
      </MemberGate>
    </section>
  );
}

/** The stored record as the form shows it: phone, CPF and CEP masked as in the checkout and back office. */
const toForm = (profile: MemberProfile): MemberProfileFormValues => ({
  fullName: profile.fullName,
  phone: formatPhone(profile.phone),
  cpf: profile.cpf ? formatCpf(profile.cpf) : '',
  birthDate: profile.birthDate ?? '',
  gender: profile.gender ?? null,
  profession: profile.profession ?? '',
  shirtSize: (profile.shirtSize as MemberProfileFormValues['shirtSize']) ?? 'M',
  winePreference: profile.winePreference ?? '',
  ...addressFormValues(profile),
});

function ProfileData() {
  const profile = trpc.member.profile.useQuery();
  if (profile.isPending) return <PageLoading />;
  if (profile.isError) return <Alert>{errorText(profile.error, MEMBER_MSG.loadFailed)}</Alert>;
  return <ProfileForm profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const refresh = useRefreshMember();
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState<string | null>(null);
  const update = trpc.member.updateProfile.useMutation();
  const form = useForm<MemberProfileFormValues, unknown, MemberProfileInput>({
    resolver: zodResolver(memberProfileInput),
    defaultValues: toForm(profile),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const field = fieldsOf(register, errors);
  // The CEP rule of every form (ADR 033): looked up only when the member changes it.
  const cep = useCepAutofill(formAddress(form, RECORD_ADDRESS_PATHS));
  const submit = handleSubmit(async (values) => {
    setSaved(null);
    try {
      const answer = await update.mutateAsync(values);
      reset(toForm(answer.profile));
      setSaved(answer.message);
      // A new phone is not the proven one: the WhatsApp card reads it again.
      await Promise.all([refresh(), utils.identity.myContacts.invalidate()]);
    } catch {
      // The alert below shows the server's words.
    }
  });

  return (
    <form className="card member-card form" onSubmit={(event) => void submit(event)} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      <h2>Dados pessoais</h2>
      {saved && <Alert tone="success">{saved}</Alert>}
      {update.isError && <Alert>{errorText(update.error, MEMBER_MSG.profileFailed)}</Alert>}
      <div className="member-form-grid">
        <TextField label="Nome completo" autoComplete="name" {...field('fullName')} />
        <TextField
          label="Email"
          value={profile.email}
          readOnly
          hint="Para trocar o email, use o quadro Email de acesso abaixo."
        />
        <MaskedFormField
          control={control}
          name="phone"
          label="Telefone"
          autoComplete="tel-national"
          {...PHONE_INPUT}
        />
        <MaskedFormField control={control} name="cpf" label="CPF" {...CPF_INPUT} />
        <TextField label="Data de nascimento" type="date" autoComplete="bday" {...field('birthDate')} />
        <SelectField label="Gênero" {...register('gender', { setValueAs: (value: string) => value || null })}>
          <option value="">Prefiro não informar</option>
          <Options values={GENDERS} labels={GENDER_LABELS} />
        </SelectField>
        <TextField label="Profissão" {...field('profession')} />
        <SelectField label="Tamanho da camiseta" {...register('shirtSize')}>
          <Options values={SHIRT_SIZES} />
        </SelectField>
        <CepField
          control={control}
          name="zipCode"
          lookup={cep}
          autoComplete="postal-code"
          placeholder="00000-000"
        />
        <TextField label="Endereço" autoComplete="address-line1" {...field('address')} />
        <TextField label="Número" {...field('number')} />
        <TextField label="Complemento" autoComplete="address-line2" {...field('complement')} />
        <TextField label="Bairro" {...field('neighborhood')} />
        <TextField label="Cidade" autoComplete="address-level2" {...field('city')} />
        <TextField
          label="Estado (UF)"
          maxLength={FIELD_LIMITS.state}
          autoComplete="address-level1"
          {...field('state')}
        />
      </div>
      <CepQuestion question={cep.question} />
      <TextAreaField
        label="Preferências de vinho"
        maxLength={FIELD_LIMITS.winePreference}
        {...register('winePreference')}
      />
      <SubmitActions className="member-actions" busy={update.isPending} busyLabel="Salvando...">
        Salvar alterações
      </SubmitActions>
    </form>
  );
}

/** The server's schema, plus the strength check (its estimator downloads on first use). */
const strongPasswordResolver = zodResolver(
  changePasswordInput.superRefine((form, ctx) =>
    refineStrongPassword(form.newPassword, {}, ctx, 'newPassword'),
  ),
);

function PasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const change = trpc.member.changePassword.useMutation();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver: strongPasswordResolver, defaultValues: empty });
  const field = fieldsOf(register, errors);
  // The server's refusal ("Senha atual incorreta") is about the password typed then: it goes away as
  // soon as the current password changes.
  const current = useWatch({ control, name: 'currentPassword' });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const refusal =
    change.isError && refusedFor === current ? errorText(change.error, MEMBER_MSG.profileFailed) : null;
  // A wrong current password is that field's error (read with it); anything else is the form's.
  const wrongCurrent = refusal === MEMBER_MSG.currentPasswordWrong;
  const submit = handleSubmit(async (values) => {
    setDone(null);
    setRefusedFor(values.currentPassword);
    try {
      const answer = await change.mutateAsync(values);
      reset(empty);
      setDone(answer.message);
    } catch (error) {
      // Shown below; a wrong current password takes the focus back to it, read with its error.
      if (errorText(error, '') === MEMBER_MSG.currentPasswordWrong) setFocus('currentPassword');
    }
  });
  return (
    <form className="card member-card form" onSubmit={(event) => void submit(event)} noValidate>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      <h2>Alterar senha</h2>
      {done && <Alert tone="success">{done}</Alert>}
      {refusal && !wrongCurrent && <Alert>{refusal}</Alert>}
      <div className="member-form-grid">
        <CurrentPasswordField
          error={errors.currentPassword?.message ?? (wrongCurrent ? refusal : undefined)}
          {...register('currentPassword')}
        />
        <PasswordField
          label="Nova senha"
          purpose="new"
          hint="Mínimo de 8 caracteres; evite palavras comuns, datas e seu nome."
          {...field('newPassword')}
        />
        <PasswordStrengthMeter password={newPassword} />
        <PasswordField label="Confirme a nova senha" purpose="confirm" {...field('confirmPassword')} />
      </div>
      <p className="member-muted">Ao alterar a senha, as outras sessões da sua conta são encerradas.</p>
      <SubmitActions className="member-actions" busy={change.isPending} busyLabel="Salvando...">
        Alterar senha
      </SubmitActions>
    </form>
  );
}

function PrivacyCard({ subscription }: { subscription: MemberSubscription }) {
  const refresh = useRefreshMember();
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const deletion = trpc.member.requestDeletion.useMutation({
    onSuccess: async (answer) => {
      setMessage(answer.message);
      setConfirming(false);
      await refresh();
    },
  });

  async function download() {
    setExporting(true);
    try {
      const data = await utils.member.exportData.fetch(undefined, { staleTime: 0 });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      // The member's own date (São Paulo's), not UTC's, which is tomorrow from 21h.
      anchor.download = `meus-dados-confraria-${saoPauloCalendarDay(new Date(data.exportedAt))}.json`;
      anchor.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(errorText(error, MEMBER_MSG.loadFailed));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="card member-card member-stack">
      <h2>Privacidade e seus dados (LGPD)</h2>
      <p>Baixe uma cópia de todos os dados que o clube guarda sobre você, em formato JSON.</p>
      <div className="member-actions">
        <Button
          variant="secondary"
          loading={exporting}
          loadingLabel="Preparando..."
          onClick={() => void download()}
        >
          Baixar meus dados
        </Button>
      </div>
      <h3>Excluir meus dados</h3>
      {message && <Alert tone="success">{message}</Alert>}
      {deletion.isError && <Alert>{errorText(deletion.error, MEMBER_MSG.loadFailed)}</Alert>}
      {subscription.deletionRequestedAt ? (
        <p>
          Pedido de exclusão registrado em {formatDateTime(subscription.deletionRequestedAt)}. O clube vai
          responder pelo seu email
          {subscription.deletionDueAt ? ` até ${formatDate(subscription.deletionDueAt)} (prazo legal)` : ''}.
        </p>
      ) : confirming ? (
        <ReasonConfirmForm
          reasonLabel="Observações (opcional)"
          reasonMaxLength={1000}
          confirmLabel="Confirmar pedido de exclusão"
          pendingLabel="Enviando..."
          pending={deletion.isPending}
          onConfirm={(reason) => deletion.mutate({ reason })}
          onBack={() => setConfirming(false)}
        >
          <p>
            O clube vai analisar o pedido e excluir seus dados pessoais. Os registros de pagamento são
            mantidos por obrigação legal.
          </p>
          <p>
            Quando a exclusão for concluída, sua conta é encerrada e sua assinatura termina, sem reembolso do
            período restante.
          </p>
        </ReasonConfirmForm>
      ) : (
        <div className="member-actions">
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Pedir exclusão dos meus dados
          </Button>
        </div>
      )}
    </div>
  );
}
