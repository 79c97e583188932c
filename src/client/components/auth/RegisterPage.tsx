import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../shared/messages';
import { apiPost } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { trpc, trpcUtils } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { registerForm, type RegisterForm, type RegisterFormInput } from './form-schemas';

/** What the annual plan's checkout link is asked for right after registering (spec 01 §4). */
const ANNUAL_CHECKOUT = { amount: 149700, description: 'Assinatura Anual Confraria' } as const;

/** `/signup` and `/register` (same page): creates the account, then goes on to pay. */
export function RegisterPage() {
  const registerAccount = trpc.auth.register.useMutation();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setError(null);
    try {
      const { user } = await registerAccount.mutateAsync({ name, email, password });
      trpcUtils.auth.me.setData(undefined, user);
    } catch (failure) {
      // The call's own default is "Erro no registro" (spec 01 §8); the screen falls back to
      // "Erro ao criar conta" only when the failure is not an error it can read at all.
      setError(failure instanceof Error ? errorText(failure, MSG.registerFailed) : MSG.registerScreenFailed);
      return;
    }
    setLeaving(true);
    await goToCheckout(name, email);
  });

  /** The provider's page when a link comes back; otherwise (any failure included) our /checkout. */
  async function goToCheckout(name: string, email: string) {
    try {
      const answer = await apiPost<{ checkoutUrl?: string | null } | null>(
        '/api/payments/create-checkout-link',
        {
          name,
          email,
          ...ANNUAL_CHECKOUT,
        },
      );
      if (answer?.checkoutUrl) {
        window.location.assign(answer.checkoutUrl);
        return;
      }
    } catch {
      // No link (or no checkout service yet): the checkout page asks for one itself.
    }
    const search = new URLSearchParams({ name, email });
    router.history.push(`/checkout?${search.toString()}`);
  }

  return (
    <AuthLayout
      title="Criar Conta"
      subtitle="Junte-se à Confraria: crie sua conta e siga para o pagamento da assinatura anual."
      footer={
        <p>
          Já tem uma conta? <Link to="/login">Entrar</Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Criar conta">
        {error && <Alert>{error}</Alert>}
        <TextField
          label="Nome completo"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Senha"
          type="password"
          autoComplete="new-password"
          hint="Mínimo de 6 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'register-terms-error' : undefined}
              {...register('acceptTerms')}
            />
            <span>
              Li e aceito os{' '}
              <a href="/termos" target="_blank" rel="noopener">
                Termos de Uso
              </a>{' '}
              e a{' '}
              <a href="/privacidade" target="_blank" rel="noopener">
                Política de Privacidade
              </a>
              .
            </span>
          </label>
          {errors.acceptTerms && (
            <p id="register-terms-error" className="field__error">
              {errors.acceptTerms.message}
            </p>
          )}
        </div>
        <Button
          type="submit"
          block
          loading={registerAccount.isPending || leaving}
          loadingLabel={leaving ? 'Redirecionando...' : 'Criando conta...'}
        >
          Criar Conta
        </Button>
      </form>
    </AuthLayout>
  );
}
