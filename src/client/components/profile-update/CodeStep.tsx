/**
 * Step 1, second half (docs/product/decisions.md §3.8): the 6-digit code sent to the record's proven contacts (ADR
 * 027: the account's e-mail, and its WhatsApp only when the account proved that number).
 * The lookup answered the same whether it found a record or not (ADR 018), so this step names
 * nobody; a right code hands the verification token and the record's data to the parent. The
 * screen can ask for a new code (the server decides when one may go) or go back to the search.
 */
import { useState } from 'react';
import {
  PROFILE_UPDATE_CODE_TTL_MINUTES,
  PROFILE_UPDATE_MSG,
  verifyCodeInput,
  type RequestFormInput,
  type RequestFormResponse,
  type VerifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { errorText } from '../../lib/errors';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { requestForm, verifyCode } from './profile-update-api';
import { StepBack, StepForm } from './step-heading';
import { useStepForm } from './use-step-form';
import { fieldOf } from '../ui/field-of';

export function CodeStep({
  request,
  lookup,
  onVerified,
  onBack,
}: {
  request: RequestFormResponse;
  lookup: RequestFormInput;
  onVerified: (answer: VerifyCodeResponse) => void;
  onBack: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useStepForm(verifyCodeInput, { requestId: request.requestId, code: '' });

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setNotice(null);
    try {
      onVerified(await verifyCode(input));
    } catch (error) {
      setFailure(errorText(error, PROFILE_UPDATE_MSG.codeExpired, PROFILE_UPDATE_MSG.verifyFailed));
    }
  });

  async function resend() {
    setFailure(null);
    setNotice(null);
    setResending(true);
    try {
      const again = await requestForm(lookup);
      reset({ requestId: again.requestId, code: '' });
      setNotice(again.message);
    } catch (error) {
      setFailure(errorText(error, PROFILE_UPDATE_MSG.notFound, PROFILE_UPDATE_MSG.lookupNetwork));
    } finally {
      setResending(false);
    }
  }

  return (
    <StepForm
      id="pu-code"
      title="Confirme que é você"
      focus
      lead={
        <>
          {request.message} O código tem 6 dígitos e vale por {PROFILE_UPDATE_CODE_TTL_MINUTES} minutos: veja
          o email e o WhatsApp confirmados do cadastro.
        </>
      }
      failure={failure}
      submitCount={submitCount}
      hasErrors={Object.keys(errors).length > 0}
      onSubmit={submit}
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      <TextField
        label="Código de confirmação"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        className="field__input pu-code"
        {...fieldOf(register, errors, 'code')}
      />
      <div className="pu-actions">
        <Button type="submit" loading={isSubmitting} loadingLabel="Confirmando...">
          Confirmar Código
        </Button>
        <Button
          variant="secondary"
          loading={resending}
          loadingLabel="Enviando..."
          onClick={() => void resend()}
        >
          Reenviar código
        </Button>
        <StepBack onBack={onBack} />
      </div>
    </StepForm>
  );
}
