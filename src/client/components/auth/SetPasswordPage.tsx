import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { errorReason } from '../../lib/error-reason';
import { errorText } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PasswordStrengthMeter } from '../ui/PasswordStrengthMeter';
import { PasswordField, TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { setPasswordForm, type SetPasswordForm } from './form-schemas';

/**
 * `/definir-senha?token=…`: the one-time link sent as "credentials" to approved members and by
 * "Esqueci minha senha". Using it sets the password and signs the person in. An account with
 * two-factor sign-in on is also asked for its code (the server says so; the link alone opens nothing).
 */
export function SetPasswordPage({ token }: { token?: string }) {
  const setPassword = trpc.auth.setPassword.useMutation();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(token ? null : MSG.setPasswordTokenInvalid);
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { password: '', confirmPassword: '', code: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password, code }) => {
    if (!token) return;
    setError(null);
    try {
      const { user } = await setPassword.mutateAsync({ token, password, code: code || undefined });
      toast.success('Senha definida com sucesso!');
      await signedIn(user);
    } catch (failure) {
      if (errorReason(failure) === 'two_factor_required') setAskCode(true);
      setError(errorText(failure, MSG.setPasswordTokenInvalid));
    }
  });

  return (
    <AuthLayout
      title="Definir Senha"
      subtitle="Escolha a senha que você usará para entrar no portal."
      footer={
        <p>
          Link expirado? <Link to="/esqueci-senha">Solicite um novo link</Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Definir senha">
        {error && <Alert>{error}</Alert>}
        <PasswordField
          label="Nova senha"
          purpose="new"
          hint="Mínimo de 8 caracteres. Uma frase de três ou quatro palavras é fácil de lembrar e difícil de adivinhar."
          error={errors.password?.message}
          disabled={!token}
          {...register('password')}
        />
        <PasswordStrengthMeter password={password} />
        <PasswordField
          label="Confirmar senha"
          purpose="confirm"
          error={errors.confirmPassword?.message}
          disabled={!token}
          {...register('confirmPassword')}
        />
        {askCode && (
          <TextField
            label="Código de verificação"
            autoComplete="one-time-code"
            inputMode="text"
            hint="Os 6 dígitos do aplicativo autenticador, ou um código de recuperação."
            autoFocus
            {...register('code')}
          />
        )}
        <Button
          type="submit"
          block
          disabled={!token}
          loading={setPassword.isPending}
          loadingLabel="Salvando..."
        >
          Definir senha
        </Button>
      </form>
    </AuthLayout>
  );
}
