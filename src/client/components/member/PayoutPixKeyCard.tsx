/**
 * "Chave PIX para receber comissões" in Indicações (ADR 046): the key the club pays the member's
 * commissions to. The type is shown as the key is typed (the same field as the club's own key in
 * Configurações); saving or removing asks for the current password, and the account's e-mail is
 * told, since a payout destination is where money goes (ADR 027).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  payoutPixKeyForm,
  type PayoutPixKey,
  type PayoutPixKeyInput,
} from '../../../shared/commission-payout-schemas';
import { formatDate } from '../../../shared/format';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PixKeyField } from '../ui/PixKeyField';
import { SubmitActions } from '../ui/SubmitActions';
import { CurrentPasswordField } from '../ui/TextField';
import { UnsavedChangesGuard } from '../ui/UnsavedChangesGuard';
import { MemberCardForm } from './MemberCardForm';

const SAVE_FAILED = 'Erro ao salvar a chave PIX';
const EMPTY: PayoutPixKeyInput = { pixKey: '', pixKeyType: null, currentPassword: '' };

export function PayoutPixKeyCard() {
  const mine = trpc.referrals.myPixKey.useQuery();
  if (mine.isPending) return null;
  if (mine.isError) return <Alert>{errorText(mine.error, 'Erro ao carregar a chave PIX')}</Alert>;
  return <PayoutPixKeyForm current={mine.data.payoutPixKey} />;
}

function PayoutPixKeyForm({ current }: { current: PayoutPixKey | null }) {
  const utils = trpc.useUtils();
  const [done, setDone] = useState<string | null>(null);
  const save = trpc.referrals.savePixKey.useMutation();
  const {
    control,
    register,
    setValue,
    trigger,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, dirtyFields, isSubmitting },
  } = useForm<PayoutPixKeyInput, unknown, z.output<typeof payoutPixKeyForm>>({
    resolver: zodResolver(payoutPixKeyForm),
    defaultValues: EMPTY,
  });

  async function send(values: PayoutPixKeyInput) {
    setDone(null);
    try {
      const answer = await save.mutateAsync(values);
      reset(EMPTY);
      setDone(answer.message);
      utils.referrals.myPixKey.setData(undefined, { success: true, payoutPixKey: answer.payoutPixKey });
    } catch {
      // Shown below.
    }
  }
  const submit = handleSubmit(send);

  return (
    <MemberCardForm titleId="payout-pix-title" title="Chave PIX para receber comissões" onSubmit={submit}>
      <UnsavedChangesGuard dirty={Boolean(dirtyFields.pixKey) && !isSubmitting} />
      <p data-testid="payout-pix-key">
        {current ? (
          <>
            Suas comissões são pagas na chave <strong>{current.label}</strong>
            {current.updatedAt ? `, informada em ${formatDate(current.updatedAt)}` : ''}.
          </>
        ) : (
          'Você ainda não informou uma chave PIX: suas comissões confirmadas aguardam até você informar.'
        )}
      </p>
      {done && <Alert tone="success">{done}</Alert>}
      {save.isError && <Alert>{errorText(save.error, SAVE_FAILED)}</Alert>}
      <div className="member-form-grid">
        <PixKeyField
          {...{ control, register, setValue, trigger, errors }}
          stored={{ pixKey: '', pixKeyType: null }}
          optional
          hint="CPF, CNPJ, celular com DDD, e-mail ou chave aleatória, em seu nome."
        />
        <CurrentPasswordField error={errors.currentPassword?.message} {...register('currentPassword')} />
      </div>
      <p className="member-muted">
        Por segurança, pedimos sua senha atual e avisamos o email da sua conta a cada troca.
      </p>
      <SubmitActions className="member-actions" busy={save.isPending} busyLabel="Salvando...">
        {current ? 'Trocar chave PIX' : 'Salvar chave PIX'}
      </SubmitActions>
      {current && (
        <div className="member-actions">
          <Button
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              // Removing also needs the password: the same call with an empty key.
              if (!getValues('currentPassword')) {
                void trigger('currentPassword');
                return;
              }
              void send({ ...getValues(), pixKey: '', pixKeyType: null });
            }}
          >
            Remover chave PIX
          </Button>
        </div>
      )}
    </MemberCardForm>
  );
}
