/**
 * "Meu Perfil", the member's contacts (ADR 027): the sign-in address with a change that waits for
 * the new address's confirmation ("aguardando confirmação", cancellable), and the WhatsApp number
 * of the profile, proven by a 6-digit code sent to it. Only proven contacts receive codes and links.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate, formatTime } from '../../../shared/format';
import {
  EMAIL_CHANGE_MSG,
  PHONE_PROOF_MSG,
  phoneCodeInput,
  phoneProofByPassword,
  type MemberContacts,
  type PhoneCodeValues,
  type PhoneProofByPasswordValues,
  type RequestPhoneCodeValues,
} from '../../../shared/identity-schemas';
import { twoFactorConfirmInput, type TwoFactorConfirmInput } from '../../../shared/security-schemas';
import { changeEmailInput, MEMBER_MSG, type ChangeEmailFormValues } from '../../../shared/member-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { formatPhone } from '../admin/subscribers/subscriber-form-values';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import { CurrentPasswordField, TextField } from '../ui/TextField';
import { fieldOf } from '../ui/field-of';
import { SubmitActions } from '../ui/SubmitActions';
import { MemberCardForm } from './MemberCardForm';

function Badge({ proven, children }: { proven: boolean; children: string }) {
  return (
    <span className="member-badge" data-tone={proven ? 'good' : undefined}>
      {children}
    </span>
  );
}

/** Both cards, from one read of the member's contacts. */
export function ContactCards() {
  const contacts = trpc.identity.myContacts.useQuery();
  if (contacts.isPending) return <PageLoading />;
  if (contacts.isError) return <Alert>{errorText(contacts.error, MEMBER_MSG.loadFailed)}</Alert>;
  return (
    <>
      <EmailCard contacts={contacts.data} />
      <PhoneCard contacts={contacts.data} />
    </>
  );
}

function EmailCard({ contacts }: { contacts: MemberContacts }) {
  const utils = trpc.useUtils();
  const [done, setDone] = useState<string | null>(null);
  const change = trpc.member.changeEmail.useMutation();
  const cancel = trpc.identity.cancelEmailChange.useMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailFormValues, unknown, Required<ChangeEmailFormValues>>({
    resolver: zodResolver(changeEmailInput),
    defaultValues: { email: '', currentPassword: '' },
  });
  const submit = handleSubmit(async (values) => {
    setDone(null);
    cancel.reset();
    try {
      const answer = await change.mutateAsync(values);
      reset({ email: '', currentPassword: '' });
      setDone(answer.message);
      await utils.identity.myContacts.invalidate();
    } catch {
      // Shown below.
    }
  });
  const pending = contacts.pendingEmail;

  return (
    <MemberCardForm titleId="email-card-title" title="Email de acesso" onSubmit={submit}>
      <p>
        <span data-testid="account-email">{contacts.email}</span>{' '}
        <Badge proven={contacts.emailVerifiedAt !== null}>
          {contacts.emailVerifiedAt ? 'confirmado' : 'não confirmado'}
        </Badge>
      </p>
      {pending && (
        <div className="member-pending" data-testid="pending-email">
          <p>
            Novo email: <strong>{pending.newEmail}</strong>{' '}
            <Badge proven={false}>{EMAIL_CHANGE_MSG.pendingBadge}</Badge>
          </p>
          <p className="member-muted">
            Enviamos um link para {pending.newEmail}, válido até {formatDate(pending.expiresAt)}. A troca só
            vale depois que ele for usado; até lá, entre com {contacts.email}.
          </p>
          <div className="member-actions">
            <Button
              variant="ghost"
              loading={cancel.isPending}
              loadingLabel="Cancelando..."
              onClick={() => {
                setDone(null);
                cancel.mutate(undefined, {
                  onSuccess: (answer) => {
                    setDone(answer.message);
                    void utils.identity.myContacts.invalidate();
                  },
                });
              }}
            >
              Cancelar troca de email
            </Button>
          </div>
        </div>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      {change.isError && <Alert>{errorText(change.error, MEMBER_MSG.profileFailed)}</Alert>}
      {cancel.isError && <Alert>{errorText(cancel.error, MEMBER_MSG.profileFailed)}</Alert>}
      <div className="member-form-grid">
        <TextField
          label="Novo email"
          type="email"
          autoComplete="email"
          {...fieldOf(register, errors, 'email')}
        />
        <CurrentPasswordField error={errors.currentPassword?.message} {...register('currentPassword')} />
      </div>
      <p className="member-muted">
        O novo email só passa a valer depois de confirmado pelo link que enviamos a ele; o email atual é
        avisado. Quando a troca vale, as outras sessões da sua conta são encerradas.
      </p>
      <SubmitActions className="member-actions" busy={change.isPending} busyLabel="Enviando...">
        Alterar email
      </SubmitActions>
    </MemberCardForm>
  );
}

function PhoneCard({ contacts }: { contacts: MemberContacts }) {
  const utils = trpc.useUtils();
  // A code already on its way when the page opens (a reload on the way back from WhatsApp): its
  // field shows again, so the member types that code instead of asking for one that ends it.
  const [sent, setSent] = useState<string | null>(() =>
    contacts.pendingPhoneCode
      ? PHONE_PROOF_MSG.codePending(
          contacts.pendingPhoneCode.phone,
          formatTime(contacts.pendingPhoneCode.expiresAt),
        )
      : null,
  );
  const [done, setDone] = useState<string | null>(null);
  const request = trpc.identity.requestPhoneCode.useMutation();
  const confirm = trpc.identity.confirmPhone.useMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PhoneCodeValues, unknown, { code: string }>({
    resolver: zodResolver(phoneCodeInput),
    defaultValues: { code: '' },
  });

  // The number will receive codes and links: the owner proves it is them first (ADR 027).
  const ask = (values: RequestPhoneCodeValues, done: () => void) => {
    setDone(null);
    confirm.reset();
    request.mutate(values, {
      onSuccess: (answer) => {
        done();
        reset({ code: '' });
        setSent(answer.message);
      },
    });
  };
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await confirm.mutateAsync(values);
      setSent(null);
      setDone(answer.message);
      utils.identity.myContacts.setData(undefined, answer.contacts);
    } catch {
      // Shown below.
    }
  });

  return (
    <section className="card member-card member-stack" aria-labelledby="phone-card-title">
      <h2 id="phone-card-title">WhatsApp</h2>
      {contacts.phone ? (
        <p>
          <span data-testid="profile-phone">{formatPhone(contacts.phone)}</span>{' '}
          <Badge proven={contacts.phoneProven}>
            {contacts.phoneProven ? 'confirmado' : 'não confirmado'}
          </Badge>
        </p>
      ) : (
        <p>{PHONE_PROOF_MSG.noPhone}</p>
      )}
      {contacts.phoneProven && contacts.phoneProvenAt ? (
        <p className="member-muted">
          Confirmado em {formatDate(contacts.phoneProvenAt)}. Códigos e links de acesso podem ser enviados a
          este número.
        </p>
      ) : (
        <p className="member-muted">
          Enquanto o número não for confirmado, o clube só envia avisos por WhatsApp: códigos e links de
          acesso vão apenas ao seu email.
          {contacts.provenPhone && ` O número confirmado antes foi ${formatPhone(contacts.provenPhone)}.`}
        </p>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      {request.isError && <Alert>{errorText(request.error, PHONE_PROOF_MSG.failed)}</Alert>}
      {!contacts.phoneProven && contacts.phone && (
        <OwnerProof
          twoFactor={contacts.twoFactor}
          busy={request.isPending}
          sent={sent !== null}
          onProof={ask}
        />
      )}
      {sent && (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <Alert tone="info">{sent}</Alert>
          {confirm.isError && <Alert>{errorText(confirm.error, PHONE_PROOF_MSG.failed)}</Alert>}
          <TextField
            label="Código recebido no WhatsApp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...fieldOf(register, errors, 'code')}
          />
          <SubmitActions className="member-actions" busy={confirm.isPending} busyLabel="Confirmando...">
            Confirmar WhatsApp
          </SubmitActions>
        </form>
      )}
    </section>
  );
}

/**
 * The proof asked before a code goes to a new number: the current password or, with two-factor
 * sign-in on (an admin), the authenticator app's code, as at the step-up.
 */
function OwnerProof({
  twoFactor,
  busy,
  sent,
  onProof,
}: {
  twoFactor: boolean;
  busy: boolean;
  sent: boolean;
  onProof: (values: RequestPhoneCodeValues, done: () => void) => void;
}) {
  const byPassword = useForm<PhoneProofByPasswordValues, unknown, Required<PhoneProofByPasswordValues>>({
    resolver: zodResolver(phoneProofByPassword),
    defaultValues: { currentPassword: '' },
  });
  const byCode = useForm<TwoFactorConfirmInput, unknown, { code: string }>({
    resolver: zodResolver(twoFactorConfirmInput),
    defaultValues: { code: '' },
  });
  const submit = twoFactor
    ? byCode.handleSubmit((values) => onProof(values, () => byCode.reset({ code: '' })))
    : byPassword.handleSubmit((values) => onProof(values, () => byPassword.reset({ currentPassword: '' })));
  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Pedir código por WhatsApp"
    >
      {twoFactor ? (
        <TextField
          label="Código do aplicativo autenticador"
          hint="Sua conta usa a verificação em duas etapas: confirme com o código do aplicativo."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...fieldOf(byCode.register, byCode.formState.errors, 'code')}
        />
      ) : (
        <CurrentPasswordField
          error={byPassword.formState.errors.currentPassword?.message}
          {...byPassword.register('currentPassword')}
        />
      )}
      <div className="member-actions">
        <Button type="submit" variant="secondary" loading={busy} loadingLabel="Enviando...">
          {sent ? 'Enviar outro código' : 'Enviar código por WhatsApp'}
        </Button>
      </div>
    </form>
  );
}
