import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';

/** "Acesso dos Confrades": e-mail and password; a failure is shown on the screen (DECISIONS §4). */
export function LoginPage() {
  const login = trpc.auth.login.useMutation();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(MSG.loginRequired);
      return;
    }
    try {
      const { user } = await login.mutateAsync({ email, password });
      await signedIn(user);
    } catch (failure) {
      setError(errorText(failure, MSG.loginFailed));
    }
  }

  return (
    <AuthLayout
      title="Acesso dos Confrades"
      documentTitle="Entrar"
      subtitle="Entre com seu email e senha para acessar o portal."
      footer={
        <p>
          Ainda não é confrade? <Link to="/register">Criar conta</Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Entrar">
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
        <TextField
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" block loading={login.isPending} loadingLabel="Entrando...">
          Entrar
        </Button>
        <p className="form__aside">
          <Link to="/esqueci-senha" search={email.trim() ? { email: email.trim() } : {}}>
            Esqueci minha senha
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
