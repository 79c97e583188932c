import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { lazyResolver } from '../../lib/lazy-resolver';
import { trpc, trpcClient, trpcUtils } from '../../lib/trpc';
import { PUBLIC_SETTINGS_STALE_MS } from '../public/settings-loader';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PasswordStrengthMeter } from '../ui/PasswordStrengthMeter';
import { PasswordField, TextField } from '../ui/TextField';
import { AuthLayout } from './AuthLayout';
import type { RegisterForm, RegisterFormInput } from './form-schemas';
import { fieldsOf } from '../ui/field-of';

/** What the annual plan's checkout link is described as (the price comes from the settings). */
const ANNUAL_CHECKOUT_DESCRIPTION = 'Assinatura Anual Confraria';

/** `/signup` and `/register` (same page): creates the account, then goes on to pay. */
/** The form's zod schema arrives with the first focus or submit, not with the page. */
const resolver = lazyResolver(() => import('./form-resolvers').then((module) => module.registerResolver));

export function RegisterPage() {
  const registerAccount = trpc.auth.register.useMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterForm>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });
  const [name, email, password] = useWatch({ control, name: ['name', 'email', 'password'] });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setError(null);
    try {
      const { user } = await registerAccount.mutateAsync({ name, email, password });
      trpcUtils.auth.me.setData(undefined, user);
    } catch (failure) {
      // The call's own default is "Erro no registro" (docs/product/public-site-and-checkout.md §8); the screen falls back to
      // "Erro ao criar conta" only when the failure is not an error it can read at all.
      setError(failure instanceof Error ? errorText(failure, MSG.registerFailed) : MSG.registerScreenFailed);
      return;
    }
    setLeaving(true);
    await goToCheckout(name, email);
  });

  /**
   * The provider's page for the annual plan at the price the club offers now (the public settings;
   * the server checks it again). Any failure — settings or link — leaves for our /checkout, which
   * asks for a link itself.
   */
  async function goToCheckout(name: string, email: string) {
    try {
      const settings = await trpcUtils.settings.public.ensureData(undefined, {
        staleTime: PUBLIC_SETTINGS_STALE_MS,
      });
      const answer = await trpcClient.checkout.createCheckoutLink.mutate({
        name,
        email,
        amount: settings.priceAnnual,
        description: ANNUAL_CHECKOUT_DESCRIPTION,
      });
      // A payment of this e-mail in verification makes no link: /checkout below shows it.
      if ('checkoutUrl' in answer && answer.checkoutUrl) {
        window.location.assign(answer.checkoutUrl);
        return;
      }
    } catch (failure) {
      console.warn('Link de pagamento não criado após o cadastro', failure);
    }
    await navigate({ to: '/checkout', search: { name, email }, replace: true });
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
      <form
        className="form"
        onSubmit={onSubmit}
        onFocus={resolver.preload}
        noValidate
        aria-label="Criar conta"
      >
        {error && <Alert>{error}</Alert>}
        <TextField label="Nome completo" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <PasswordField
          label="Senha"
          purpose="new"
          hint="Mínimo de 8 caracteres. Uma frase de três ou quatro palavras é fácil de lembrar e difícil de adivinhar."
          {...field('password')}
        />
        <PasswordStrengthMeter password={password} person={{ name, email }} />
        <PasswordField label="Confirmar senha" purpose="confirm" {...field('confirmPassword')} />
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
