import { Link } from '@tanstack/react-router';
import { NOT_ME_MSG } from '../../../shared/security-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { AuthLayout } from './AuthLayout';

/**
 * `/nao-fui-eu?token=…` (ADR 027), the link of every security notice. It acts only on the button:
 * mail scanners open links by themselves, and this one ends every session of the account.
 */
export function NotMePage({ token }: { token?: string }) {
  const utils = trpc.useUtils();
  const report = trpc.auth.notMe.useMutation({ onSuccess: () => utils.invalidate() });
  return (
    <AuthLayout
      title="Não fui eu"
      subtitle="Proteja sua conta se você não fez a alteração avisada por email."
      footer={
        <p>
          <Link to="/login">Entrar</Link>
        </p>
      }
    >
      {!token && <Alert>{NOT_ME_MSG.linkInvalid}</Alert>}
      {token && report.isSuccess && (
        <p role="status" className="form__aside">
          {report.data.message}
        </p>
      )}
      {token && !report.isSuccess && (
        <div className="form">
          <p>
            Ao confirmar, todas as sessões da conta são encerradas, a senha atual deixa de valer, o WhatsApp
            confirmado é esquecido e as trocas de email pendentes são canceladas. Um link para definir uma
            nova senha vai ao email da conta.
          </p>
          {report.isError && <Alert>{errorText(report.error, NOT_ME_MSG.linkInvalid)}</Alert>}
          <Button
            loading={report.isPending}
            loadingLabel="Protegendo..."
            onClick={() => report.mutate({ token })}
          >
            Não fui eu: proteger minha conta
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
