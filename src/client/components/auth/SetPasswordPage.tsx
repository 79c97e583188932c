import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { setPasswordForm, type SetPasswordForm } from './form-schemas';

/**
 * `/definir-senha?token=…`: the one-time link sent as "credentials" to approved members and by
 * "Esqueci minha senha". Using it sets the password and signs the person in.
 */
export function SetPasswordPage({ token }: { token?: string }) {
  const setPassword = trpc.auth.setPassword.useMutation();
  const signedIn = useSignedIn();
  const [error, setError] = useState<string | null>(token ? null : MSG.setPasswordTokenInvalid);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setError(null);
    try {
      const { user } = await setPassword.mutateAsync({ token, password });
      toast.success('Senha definida com sucesso!');
      await signedIn(user);
    } catch (failure) {
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
        <TextField
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Mínimo de 6 caracteres."
          error={errors.password?.message}
          disabled={!token}
          {...register('password')}
        />
        <TextField
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          disabled={!token}
          {...register('confirmPassword')}
        />
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
