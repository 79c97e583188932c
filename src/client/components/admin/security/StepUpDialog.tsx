import { useState, type FormEvent } from 'react';
import { SECURITY_MSG } from '../../../../shared/security-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import '../../../styles/admin-security.css';
import { SubmitActions } from '../../ui/SubmitActions';

/**
 * "Confirme sua identidade": the admin's password again or, with two-factor on, the code the
 * authenticator app shows now (then the password alone is not accepted). Good for 5 minutes of
 * sensitive changes in this session.
 */
export function StepUpDialog({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const status = trpc.security.status.useQuery();
  const utils = trpc.useUtils();
  const stepUp = trpc.security.stepUp.useMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withCode = status.data?.twoFactor.enabled === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!value.trim()) {
      setError(withCode ? SECURITY_MSG.codeFormat : SECURITY_MSG.stepUpCredentialRequired);
      return;
    }
    try {
      await stepUp.mutateAsync(withCode ? { code: value.trim() } : { password: value });
      await utils.security.status.invalidate();
      onConfirmed();
    } catch (failure) {
      setError(errorText(failure, SECURITY_MSG.stepUpPasswordWrong));
    }
  }

  return (
    <Dialog title="Confirme sua identidade" onClose={onCancel}>
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Confirmar identidade"
      >
        <p>
          Por segurança, esta alteração pede que você confirme quem está no painel. A confirmação vale por 5
          minutos.
        </p>
        {error && <Alert>{error}</Alert>}
        {withCode ? (
          <TextField
            key="code"
            label="Código do aplicativo autenticador"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <TextField
            key="password"
            label="Sua senha"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <SubmitActions
          className="sec-actions"
          busy={stepUp.isPending}
          busyLabel="Confirmando..."
          onCancel={onCancel}
        >
          Confirmar
        </SubmitActions>
      </form>
    </Dialog>
  );
}
