/**
 * Step 1 of the wizard: the e-mail or the phone of the registration. Checked in the browser with
 * the server's schema ("Informe pelo menos o email ou telefone"); on success the parent moves on
 * to the code the server sent to the contacts on file.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  PROFILE_UPDATE_MSG,
  requestFormInput,
  type RequestFormInput,
  type RequestFormResponse,
  type RequestFormValues,
} from '../../../shared/profile-update-schemas';
import { PHONE_MASK } from '../../lib/masks';
import { errorText } from '../../lib/errors';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import { requestForm } from './profile-update-api';
import { StepHeading, useFocusFirstInvalid } from './step-heading';

export interface FindValues {
  email: string;
  phone: string;
}

export function FindStep({
  initial,
  focusHeading,
  onFound,
}: {
  initial: FindValues;
  focusHeading: boolean;
  onFound: (
    found: RequestFormResponse['subscriber'],
    lookup: RequestFormInput,
    typed: FindValues,
    sentTo: RequestFormResponse['codeSentTo'],
  ) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<RequestFormValues, unknown, RequestFormInput>({
    resolver: zodResolver(requestFormInput),
    defaultValues: initial,
    shouldFocusError: false,
  });

  useFocusFirstInvalid(formRef, submitCount, Object.keys(errors).length > 0);

  const submit = handleSubmit(async (lookup) => {
    setFailure(null);
    try {
      const answer = await requestForm(lookup);
      const typed = getValues();
      onFound(
        answer.subscriber,
        lookup,
        { email: typed.email ?? '', phone: typed.phone ?? '' },
        answer.codeSentTo,
      );
    } catch (error) {
      setFailure(errorText(error, PROFILE_UPDATE_MSG.notFound, PROFILE_UPDATE_MSG.lookupNetwork));
    }
  });

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="pu-find-title"
    >
      <StepHeading id="pu-find-title" focus={focusHeading}>
        Localize seu cadastro
      </StepHeading>
      <p className="pu-lead">
        Informe o e-mail ou o telefone do seu cadastro. Enviaremos um código de confirmação para o e-mail e o
        WhatsApp que já estão cadastrados.
      </p>
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={errors.email?.message}
        {...register('email')}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <MaskedTextField
            label="Telefone / WhatsApp"
            name={field.name}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            mask={PHONE_MASK}
            value={field.value ?? ''}
            onAccept={field.onChange}
            onBlur={field.onBlur}
            error={errors.phone?.message}
            hint="Informe pelo menos um dos dois."
          />
        )}
      />
      <Button type="submit" loading={isSubmitting} loadingLabel="Buscando...">
        Buscar Cadastro
      </Button>
    </form>
  );
}
