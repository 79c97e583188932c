import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
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
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(MSG.emailRequired);
      return;
    }
    try {
      const answer = await forgot.mutateAsync({ email });
      setSent(answer.message);
    } catch (failure) {
      setError(errorText(failure, MSG.internalError));
    }
  }

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
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Recuperar senha">
          {error && <Alert>{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" block loading={forgot.isPending} loadingLabel="Enviando...">
            Enviar link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
