import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { EMAIL_CHANGE_MSG } from '../../../shared/identity-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { AuthLayout } from './AuthLayout';

/**
 * `/confirmar-novo-email?token=…` (ADR 027): using the link sent to the new address makes it the
 * sign-in address, at once when the page opens (the click is the person's action). The account's
 * other sessions end; this browser, when signed in as that account, stays signed in.
 */
export function ConfirmEmailChangePage({ token }: { token?: string }) {
  const utils = trpc.useUtils();
  const confirm = trpc.identity.confirmEmailChange.useMutation({
    onSuccess: () => utils.invalidate(),
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, even under StrictMode's double effects: the link works a single time.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const failed = !token || confirm.isError;
  return (
    <AuthLayout
      title="Confirmar Novo Email"
      subtitle="Confirmamos que o novo email é seu."
      footer={
        <p>
          <Link to="/login">Entrar</Link>
        </p>
      }
    >
      {confirm.isPending && <p role="status">Confirmando...</p>}
      {confirm.isSuccess && (
        <p role="status" className="form__aside">
          {confirm.data.message}
        </p>
      )}
      {failed && (
        <Alert>
          {token ? errorText(confirm.error, EMAIL_CHANGE_MSG.linkInvalid) : EMAIL_CHANGE_MSG.linkInvalid}
        </Alert>
      )}
    </AuthLayout>
  );
}
