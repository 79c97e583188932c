import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { LoginInput } from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { errorReason } from '../../lib/error-reason';
import { errorText } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';

/**
 * "Acesso dos Confrades": e-mail and password, checked with the server's own schema (`loginInput`);
 * as the spec shows it, any problem is one message at the top of the form (docs/product/decisions.md §4). An
 * account with two-factor sign-in on is then asked for its code, sent with the same e-mail and
 * password: no session exists until the code is right. While many wrong sign-ins hold the account
 * back, the code field shows too (the password with its code still goes through); too many wrong
 * codes send the person back to the password.
 */
/** The form's zod schema arrives with the first focus or submit, not with the page. */
const resolver = lazyResolver(() => import('./form-resolvers').then((module) => module.loginResolver));

export function LoginPage() {
  const login = trpc.auth.login.useMutation();
  const signedIn = useSignedIn();
  // The page that sent the visitor here (a shared list, an e-mailed link): the sign-in returns to it.
  const { redirect: returnTo } = useSearch({ from: '/login' });
  const [error, setError] = useState<string | null>(null);
  // The server said the account needs its code: the code field shows, and goes with the next try.
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, control, resetField } = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '', code: '' },
  });
  // The typed address travels to "Esqueci minha senha".
  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(
    async ({ email: typedEmail, password, code }) => {
      setError(null);
      try {
        const { user } = await login.mutateAsync({
          email: typedEmail,
          password,
          code: askCode && code ? code : undefined,
        });
        await signedIn(user, returnTo);
      } catch (failure) {
        const reason = errorReason(failure);
        let text = errorText(failure, MSG.loginFailed);
        if (reason === 'two_factor_required') setAskCode(true);
        // Others guessed wrong on this account: the password with its code still signs in.
        if (reason === 'account_throttled') {
          setAskCode(true);
          text = `${text} ${MSG.accountThrottledCodeHint}`;
        }
        // Too many wrong codes: the half-done sign-in ends; it starts again from the password.
        if (reason === 'two_factor_locked') {
          setAskCode(false);
          resetField('password');
          resetField('code');
        }
        setError(text);
      }
    },
    (invalid) => setError(invalid.email?.message ?? invalid.password?.message ?? MSG.loginRequired),
  );

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
      <form className="form" onSubmit={onSubmit} onFocus={resolver.preload} noValidate aria-label="Entrar">
        {error && <Alert>{error}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...register('email')} />
        <TextField label="Senha" type="password" autoComplete="current-password" {...register('password')} />
        {askCode && (
          <TextField
            label="Código de verificação"
            autoComplete="one-time-code"
            hint="Os 6 dígitos do aplicativo autenticador, ou um código de recuperação."
            autoFocus
            {...register('code')}
          />
        )}
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
