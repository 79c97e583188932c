import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordInput, type ForgotPasswordInput } from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';

/**
 * "Esqueci minha senha": asks for a set-password link. The answer is the same whether or not the
 * address has an account, so the page never reveals who is registered.
 */
export function ForgotPasswordPage({ initialEmail = '' }: { initialEmail?: string }) {
  const forgot = trpc.auth.forgotPassword.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // The server's own schema: the page refuses exactly what the server would, with its message.
  const { register, handleSubmit } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(
    async (input) => {
      setError(null);
      try {
        const answer = await forgot.mutateAsync(input);
        setSent(answer.message);
      } catch (failure) {
        setError(errorText(failure, MSG.internalError));
      }
    },
    (invalid) => setError(invalid.email?.message ?? MSG.emailRequired),
  );

  return (
    <AuthLayout
      title="Esqueci minha senha"
      subtitle="Informe seu email e enviaremos um link para você definir uma nova senha."
      footer={
        <p>
          <Link to="/login">Voltar para o login</Link>
        </p>
      }
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form
          className="form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Recuperar senha"
        >
          {error && <Alert>{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('email')}
          />
          <Button type="submit" block loading={forgot.isPending} loadingLabel="Enviando...">
            Enviar link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
