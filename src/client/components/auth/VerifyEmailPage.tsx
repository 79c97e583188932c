import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MSG } from '../../../shared/messages';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { AuthLayout } from './AuthLayout';

/**
 * `/confirmar-email?token=…`: confirms the address as soon as the page opens (the link is the
 * person's action) and says what that changed. Used once: opening it again says it is invalid.
 * The password typed at registration stops working (ADR 027): the page leads to choosing a
 * new one with the token the confirmation answered.
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  const verify = trpc.auth.verifyEmail.useMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, even under StrictMode's double effects: the link works a single time.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <AuthLayout
      title="Confirmar Email"
      subtitle="Confirmamos que o email da sua conta é seu."
      footer={
        <p>
          <Link to="/login">Entrar</Link>
        </p>
      }
    >
      {verify.isPending && <p role="status">Confirmando...</p>}
      {verify.isSuccess && (
        <>
          <p role="status" className="form__aside">
            {verify.data.message}
          </p>
          <p>
            <Link
              className="btn btn--primary"
              to="/definir-senha"
              search={{ token: verify.data.setPasswordToken }}
            >
              Definir nova senha
            </Link>
          </p>
        </>
      )}
      {failed && (
        <Alert>
          {token ? errorText(verify.error, MSG.verifyEmailTokenInvalid) : MSG.verifyEmailTokenInvalid}
        </Alert>
      )}
    </AuthLayout>
  );
}
