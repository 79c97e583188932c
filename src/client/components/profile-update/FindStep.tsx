/**
 * Step 1 of the wizard: the e-mail or the phone of the registration. Checked in the browser with
 * the server's schema ("Informe pelo menos o email ou telefone"); on success the parent moves on
 * to the code the server sent to the contacts on file.
 */
import { useState } from 'react';
import {
  PROFILE_UPDATE_MSG,
  requestFormInput,
  type RequestFormInput,
  type RequestFormResponse,
} from '../../../shared/profile-update-schemas';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { PHONE_INPUT } from '../../lib/masks';
import { errorText } from '../../lib/errors';
import { Button } from '../ui/Button';
import { MaskedFormField } from '../ui/MaskedFormField';
import { TextField } from '../ui/TextField';
import { requestForm } from './profile-update-api';
import { StepForm } from './step-heading';
import { useStepForm } from './use-step-form';
import { fieldOf } from '../ui/field-of';

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
  onFound: (answer: RequestFormResponse, lookup: RequestFormInput, typed: FindValues) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useStepForm(requestFormInput, initial);

  const submit = handleSubmit(async (lookup) => {
    setFailure(null);
    try {
      const answer = await requestForm(lookup);
      const typed = getValues();
      onFound(answer, lookup, { email: typed.email ?? '', phone: typed.phone ?? '' });
    } catch (error) {
      setFailure(errorText(error, PROFILE_UPDATE_MSG.notFound, PROFILE_UPDATE_MSG.lookupNetwork));
    }
  });

  return (
    <StepForm
      id="pu-find"
      title="Localize seu cadastro"
      focus={focusHeading}
      lead={
        <>
          Informe o e-mail ou o telefone do seu cadastro. Enviaremos um código de confirmação para o e-mail e
          o WhatsApp que já estão cadastrados.
        </>
      }
      failure={failure}
      submitCount={submitCount}
      hasErrors={Object.keys(errors).length > 0}
      onSubmit={submit}
    >
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        maxLength={FIELD_LIMITS.email}
        {...fieldOf(register, errors, 'email')}
      />
      <MaskedFormField
        control={control}
        name="phone"
        label="Telefone / WhatsApp"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        {...PHONE_INPUT}
        hint="Informe pelo menos um dos dois."
      />
      <Button type="submit" loading={isSubmitting} loadingLabel="Buscando...">
        Buscar Cadastro
      </Button>
    </StepForm>
  );
}
